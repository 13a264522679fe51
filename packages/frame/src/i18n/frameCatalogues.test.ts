import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { placeholdersOf, sourceMessageKeys, SUPPORTED_LOCALES, type Catalogue } from '@cairn/core/rules';
import { describe, expect, it } from 'vitest';
import { loadFrameCatalogue } from './frameCatalogues.ts';
import { frameTableKeys } from './frameMessageKeys.ts';

/** Every text the frame's screens may show: `t('...')` in its sources, and the tables' texts they show through `t`. */
function frameMessageKeys(): Set<string> {
  const root = join(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !file.startsWith('i18n'));
  return new Set([...frameTableKeys(), ...files.flatMap((file) => sourceMessageKeys(readFileSync(join(root, file), 'utf8')))]);
}

describe("the frame's own screens in the widget's languages (issue 27)", () => {
  const keys = frameMessageKeys();

  it('finds the texts of the approval, recovery and export screens', () => {
    for (const text of ['Approve', 'Reject', 'Instruction {number}', 'Protect your wallet', 'Your recovery phrase', 'Wrong passphrase or recovery code', 'Move the pointer onto Approve, then click it.']) {
      expect(keys.has(text), text).toBe(true);
    }
    expect(keys.size).toBeGreaterThan(60);
  });

  it('has a catalogue for each language the widget speaks but English, and none other', () => {
    const files = readdirSync(join(import.meta.dirname, 'catalogues')).map((file) => file.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(SUPPORTED_LOCALES.filter((locale) => locale !== 'en').sort());
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every frame text, no stale one, and keeps each placeholder', async (locale) => {
    const catalogue: Catalogue = await loadFrameCatalogue(locale as Exclude<typeof locale, 'en'>);
    expect([...keys].filter((key) => !(key in catalogue)), `${locale} misses`).toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !keys.has(key)), `${locale} has texts the frame no longer shows`).toEqual([]);
    for (const [key, value] of Object.entries(catalogue)) {
      expect(placeholdersOf(value), `${locale}: ${key}`).toEqual(placeholdersOf(key));
      expect(value.trim(), `${locale}: ${key}`).not.toBe('');
    }
  });
});
