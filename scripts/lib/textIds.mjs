// Texts by id (ARCHITECTURE.md, "Adding a text"). A renderer's sources name each of its own texts
// by id (`t('send.networkFee')`, `msg('send.reviewSendTitle')`), its English catalogue
// `src/i18n/en.json` maps each id to English, and each language file `src/i18n/catalogues/<locale>.ts`
// maps ids to that language. Here the ids become their English texts again before anything
// compiles them: in every Vite build and Vitest run of the workspace (the `textIds()` plugin, part
// of sourceConditions.ts's settings) and in the packages' published build (compilePackage.mjs). So
// the code that runs, and ships, is keyed by English exactly as it was, at no byte's cost, while
// rewording a text touches en.json alone.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import MagicString from 'magic-string';

// A text in a source: the literal first argument of t(...) or msg(...).
const TEXT_CALL = /\b(?:t|msg)\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g;
// A text in a language file: an entry's quoted key at the start of its line ('send.networkFee': ...).
// A computed key ([SOME_TEXT]: ...) is left as it is.
const CATALOGUE_KEY = /^[ \t]*(['"])((?:\\.|(?!\1)[^\\\n])*)\1(?=\s*:)/gm;
const TEXT_ID = /^[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+$/;

/**
 * What a file is to the texts: a renderer's source (`packages/<name>/src/...`, in a package with an
 * `src/i18n/en.json`), one of its language files, or nothing (tests, the rest of `i18n/`, other
 * packages). `english` is the path of that package's English catalogue.
 */
export function textFileKind(file) {
  const path = file.replaceAll('\\', '/').split('?')[0];
  const match = /^(.*\/packages\/[^/]+\/src)\/(.+\.tsx?)$/.exec(path);
  if (!match || path.includes('/node_modules/')) return undefined;
  const [, src, inSrc] = match;
  const english = join(src, 'i18n', 'en.json');
  if (/\.test\.tsx?$/.test(inSrc) || !existsSync(english)) return undefined;
  if (/^i18n\/catalogues\/[^/]+\.ts$/.test(inSrc)) return { kind: 'catalogue', english };
  if (inSrc.startsWith('i18n/')) return undefined;
  return { kind: 'source', english };
}

const catalogues = new Map();

/** A package's English catalogue (id → English), read again when the file changes. */
export function readEnglish(path) {
  const changed = statSync(path).mtimeMs;
  const cached = catalogues.get(path);
  if (cached?.changed === changed) return cached.texts;
  const texts = JSON.parse(readFileSync(path, 'utf8'));
  catalogues.set(path, { changed, texts });
  return texts;
}

/**
 * Where `code` names texts by id, and the English that replaces each id (a JSON string literal).
 * An id the English catalogue lacks, or a literal that is no id, is an error naming the file.
 */
export function textIdEdits(code, kind, english, file, englishFile) {
  const edits = [];
  for (const match of code.matchAll(kind === 'catalogue' ? CATALOGUE_KEY : TEXT_CALL)) {
    const [whole, , id] = match;
    if (!TEXT_ID.test(id)) throw new Error(`${file}: '${id}' is not a text id: name the text by an id of ${englishFile} (ARCHITECTURE.md, "Adding a text")`);
    const text = Object.hasOwn(english, id) ? english[id] : undefined;
    if (typeof text !== 'string') throw new Error(`${file}: no English text for the id '${id}' in ${englishFile}`);
    const start = match.index + whole.length - id.length - 2;
    edits.push({ start, end: match.index + whole.length, text: JSON.stringify(text) });
  }
  return edits;
}

/** `code` with its text ids turned into their English texts, and the map of that change; undefined for a file without texts. */
export function englishSource(code, file) {
  const found = textFileKind(file);
  if (!found) return undefined;
  const edits = textIdEdits(code, found.kind, readEnglish(found.english), file, found.english);
  if (edits.length === 0) return undefined;
  const result = new MagicString(code);
  for (const { start, end, text } of edits) result.overwrite(start, end, text);
  return { code: result.toString(), map: result.generateMap({ hires: true, source: file, includeContent: true }), english: found.english };
}

/** The Vite (and Vitest) plugin: a renderer's sources and language files reach the bundle in English. */
export function textIds() {
  return {
    name: 'cairn:text-ids',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]packages[\\/][^\\/]+[\\/]src[\\/].+\.tsx?(?:\?.*)?$/ },
      handler(code, id) {
        const found = textFileKind(id);
        if (!found) return null;
        this.addWatchFile(found.english);
        const english = englishSource(code, id);
        return english ? { code: english.code, map: english.map } : null;
      },
    },
  };
}
