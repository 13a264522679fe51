import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_LOADERS, SUPPORTED_LOCALES, type Catalogue } from './locales.ts';
import { coreMessageKeys, sourceMessageKeys } from './messageKeys.ts';

/** Every text the modal may show: `t('...')` and `msg('...')` in the renderer's sources, and the core's texts. */
function allMessageKeys(): Set<string> {
  const root = join(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('i18n'),
  );
  return new Set([...coreMessageKeys(), ...files.flatMap((file) => sourceMessageKeys(readFileSync(join(root, file), 'utf8')))]);
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogues', () => {
  const keys = allMessageKeys();

  it('finds the texts of the modal', () => {
    for (const text of ['Connect Wallet', 'Network fee', 'Network not supported for Swaps', 'Insufficient {symbol} balance', 'Register {name}']) {
      expect(keys.has(text), text).toBe(true);
    }
    expect(keys.size).toBeGreaterThan(150);
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every text, no stale one, and keeps each placeholder', async (locale) => {
    const catalogue: Catalogue = (await CATALOGUE_LOADERS[locale as Exclude<typeof locale, 'en'>]()).default;
    const missing = [...keys].filter((key) => !(key in catalogue));
    const stale = Object.keys(catalogue).filter((key) => !keys.has(key));
    expect(missing, `${locale} misses`).toEqual([]);
    expect(stale, `${locale} has texts the modal no longer shows`).toEqual([]);
    for (const [key, value] of Object.entries(catalogue)) {
      expect(placeholders(value), `${locale}: ${key}`).toEqual(placeholders(key));
      expect(value.trim(), `${locale}: ${key}`).not.toBe('');
    }
  });
});
