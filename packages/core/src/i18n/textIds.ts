// A renderer names its own texts by id in its sources (`t('send.networkFee')`), keeps their English
// in its `i18n/en.json` and their translations in `i18n/catalogues/<locale>.ts`; the build turns
// the ids into English (the repository's scripts/lib/textIds.mjs), so the runtime is keyed by
// English. These read the ids back from the files, for the tests that keep the catalogues whole.

const TEXT_CALL = /\b(?:t|msg)\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g;
const CATALOGUE_KEY = /^[ \t]*(['"])((?:\\.|(?!\1)[^\\\n])*)\1(?=\s*:)/gm;

/** The ids `t('...')` and `msg('...')` name in a source file: the texts a renderer shows. */
export const sourceTextIds = (source: string): string[] => [...source.matchAll(TEXT_CALL)].map((match) => match[2]!);

/** The ids a language file translates (its quoted keys; a computed key is a core text, in English). */
export const catalogueTextIds = (source: string): string[] => [...source.matchAll(CATALOGUE_KEY)].map((match) => match[2]!);
