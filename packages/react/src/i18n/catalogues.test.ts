import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorText } from '@cairn/core';
import { catalogueTextIds, placeholdersOf, sourceTextIds, translate } from '@cairn/core/rules';
import { describe, expect, it } from 'vitest';
import english from './en.json';
import { CATALOGUE_LOADERS, SUPPORTED_LOCALES, type Catalogue } from './locales.ts';
import { CORE_BUILT_TEXT_IDS, coreTextIds } from './messageKeys.ts';

const here = import.meta.dirname;
const englishOf: Readonly<Record<string, string>> = english;

/** The ids the modal's sources name (`t('...')`, `msg('...')`), and the core's texts' ids. */
function usedIds(): Set<string> {
  const root = join(here, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('i18n'),
  );
  return new Set([...CORE_BUILT_TEXT_IDS, ...Object.keys(coreTextIds()), ...files.flatMap((file) => sourceTextIds(readFileSync(join(root, file), 'utf8')))]);
}

const locales = SUPPORTED_LOCALES.filter((locale): locale is Exclude<typeof locale, 'en'> => locale !== 'en');

describe('message catalogues: texts by id (en.json)', () => {
  const ids = usedIds();
  const core = coreTextIds();

  it('finds the texts of the modal', () => {
    for (const id of ['common.connectWallet', 'common.networkFee', 'names.registerName']) expect(ids.has(id), id).toBe(true);
    expect(ids.size).toBeGreaterThan(150);
    expect(core).toMatchObject({ 'errorText.networkNotSupportedForSwaps': ErrorText.networkNotSupportedForSwaps, 'swapTexts.insufficientBalance': 'Insufficient {symbol} balance' });
  });

  it("keeps the core's texts in en.json as the core writes them (a core text reworded: en.json follows)", () => {
    expect(Object.fromEntries(Object.keys(core).map((id) => [id, englishOf[id]]))).toEqual(core);
  });

  it('has the English of every id the sources name, and no id they do not', () => {
    expect([...ids].filter((id) => !Object.hasOwn(englishOf, id)), 'ids without English in en.json').toEqual([]);
    expect(Object.keys(englishOf).filter((id) => !ids.has(id)), 'ids of en.json no source names').toEqual([]);
  });

  it('gives each English text one id (the runtime keys translations by English)', () => {
    const texts = Object.values(englishOf);
    expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
  });

  it("matches the core's built texts with their templates", () => {
    const filled = (id: (typeof CORE_BUILT_TEXT_IDS)[number], text: string) => translate({ [englishOf[id]!]: `«${id}» {${placeholdersOf(englishOf[id]!)[0]}}` }, text);
    expect(filled('embeddedWallet.pleaseTryAgainAfter', ErrorText.emailLoginTooSoon(30))).toBe('«embeddedWallet.pleaseTryAgainAfter» 30');
    expect(englishOf['buy.enterAnAmountFrom']).toBe('Enter an amount from {min} to {max} {currency}'); // core/features/buy/onrampFlow.ts builds it
  });

  it.each(locales)('%s translates every id, no other, and keeps each placeholder', async (locale) => {
    const source = readFileSync(join(here, 'catalogues', `${locale}.ts`), 'utf8');
    const translated = catalogueTextIds(source);
    expect([...ids].filter((id) => !translated.includes(id)), `${locale} misses`).toEqual([]);
    expect(translated.filter((id) => !ids.has(id)), `${locale} has ids the modal no longer shows`).toEqual([]);
    // Loaded as it runs: keyed by English (the ids turned into their texts by the build).
    const catalogue: Catalogue = (await CATALOGUE_LOADERS[locale]()).default;
    expect(Object.keys(catalogue).sort()).toEqual([...ids].map((id) => englishOf[id]).sort());
    for (const [text, translation] of Object.entries(catalogue)) {
      expect(placeholdersOf(translation), `${locale}: ${text}`).toEqual(placeholdersOf(text));
      expect(translation.trim(), `${locale}: ${text}`).not.toBe('');
    }
  });
});
