import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueTextIds, placeholdersOf, sourceTextIds, SUPPORTED_LOCALES, type Catalogue } from '@cairn/core/rules';
import { describe, expect, it } from 'vitest';
import english from './en.json';
import { loadFrameCatalogue } from './frameCatalogues.ts';
import { frameTableTextIds } from './frameMessageKeys.ts';

const here = import.meta.dirname;
const englishOf: Readonly<Record<string, string>> = english;

/** The ids the frame's sources name (`t('...')`), and its tables' texts' ids. */
function usedIds(): Set<string> {
  const root = join(here, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !file.startsWith('i18n'));
  return new Set([...Object.keys(frameTableTextIds()), ...files.flatMap((file) => sourceTextIds(readFileSync(join(root, file), 'utf8')))]);
}

const locales = SUPPORTED_LOCALES.filter((locale): locale is Exclude<typeof locale, 'en'> => locale !== 'en');

describe("the frame's own screens in the widget's languages (issue 27), texts by id", () => {
  const ids = usedIds();
  const tables = frameTableTextIds();

  it('finds the texts of the approval, recovery and export screens', () => {
    for (const id of ['common.approve', 'common.reject', 'solana.instructionNumber', 'recovery.protectYourWallet', 'recovery.yourRecoveryPhrase']) expect(ids.has(id), id).toBe(true);
    expect(Object.values(tables)).toEqual(expect.arrayContaining(['Wrong passphrase or recovery code', 'Move the pointer onto Approve, then click it.']));
    expect(ids.size).toBeGreaterThan(60);
  });

  it("keeps its tables' texts in en.json as the tables write them (a table's text reworded: en.json follows)", () => {
    expect(Object.fromEntries(Object.keys(tables).map((id) => [id, englishOf[id]]))).toEqual(tables);
  });

  it('has the English of every id the sources name, and no id they do not, each text once', () => {
    expect([...ids].filter((id) => !Object.hasOwn(englishOf, id)), 'ids without English in en.json').toEqual([]);
    expect(Object.keys(englishOf).filter((id) => !ids.has(id)), 'ids of en.json no source names').toEqual([]);
    const texts = Object.values(englishOf);
    expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
  });

  it('has a catalogue for each language the widget speaks but English, and none other', () => {
    const files = readdirSync(join(here, 'catalogues')).map((file) => file.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(locales.sort());
  });

  it.each(locales)('%s has every frame text, no stale one, and keeps each placeholder', async (locale) => {
    const translated = catalogueTextIds(readFileSync(join(here, 'catalogues', `${locale}.ts`), 'utf8'));
    expect([...ids].filter((id) => !translated.includes(id)), `${locale} misses`).toEqual([]);
    expect(translated.filter((id) => !ids.has(id)), `${locale} has ids the frame no longer shows`).toEqual([]);
    const catalogue: Catalogue = await loadFrameCatalogue(locale);
    expect(Object.keys(catalogue).sort()).toEqual([...ids].map((id) => englishOf[id]).sort());
    for (const [text, translation] of Object.entries(catalogue)) {
      expect(placeholdersOf(translation), `${locale}: ${text}`).toEqual(placeholdersOf(text));
      expect(translation.trim(), `${locale}: ${text}`).not.toBe('');
    }
  });
});
