import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePackage } from './compilePackage.mjs';
import { sourceResolve } from './sourceConditions.ts';
import { englishSource, textFileKind } from './textIds.mjs';

// A planted package shaped like the widget: texts by id in a view, a table kept in a constant, a
// language file with an id and a computed key, its English catalogue; and a package without texts.
const FILES: Record<string, string> = {
  'packages/shop/src/i18n/en.json': JSON.stringify({ 'shop.title': 'Your basket', 'shop.total': 'Total: {amount}', 'shop.quoted': 'It\'s "here"' }),
  'packages/shop/src/View.ts': [
    "import { t, msg } from './i18n/t.ts';",
    "export const TOTAL = msg('shop.total');",
    "export const view = (amount: string) => [t('shop.title'), t(TOTAL, { amount }), t(\"shop.quoted\"), t('shop.title')].join('|');",
  ].join('\n'),
  'packages/shop/src/i18n/t.ts': 'export const t = (text: string, _values?: object) => text;\nexport const msg = <T extends string>(text: T): T => text;',
  'packages/shop/src/i18n/catalogues/de.ts': [
    "import { SHOP_ERROR } from '../../shopError.ts';",
    'const de: Record<string, string> = {',
    "  'shop.title': 'Ihr Warenkorb',",
    "  'shop.total':",
    "    'Summe: {amount}',",
    "  [SHOP_ERROR]: 'Kasse nicht erreichbar',",
    '};',
    'export default de;',
  ].join('\n'),
  'packages/shop/src/shopError.ts': "export const SHOP_ERROR = 'Checkout unreachable';",
  'packages/shop/src/View.test.ts': "t('not.checked');",
  'packages/shop/tsconfig.build.json': JSON.stringify({
    compilerOptions: { target: 'ES2022', lib: ['ES2022'], module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true, rewriteRelativeImportExtensions: true, declaration: true, sourceMap: true, strict: true, types: [], rootDir: 'src', outDir: 'dist' },
    include: ['src'],
    exclude: ['src/**/*.test.ts'],
  }),
  'packages/plain/src/index.ts': "export const label = t('plain.label');\ndeclare function t(text: string): string;",
};

let workspace: string;
const at = (path: string) => join(workspace, path);

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'cairn-text-ids-'));
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(dirname(at(path)), { recursive: true });
    writeFileSync(at(path), content);
  }
});

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe('texts by id become their English texts (textIds.mjs)', () => {
  it("knows a renderer's sources and language files, and leaves tests, other i18n files and packages without en.json alone", () => {
    expect(textFileKind(at('packages/shop/src/View.ts'))).toEqual({ kind: 'source', english: at('packages/shop/src/i18n/en.json') });
    expect(textFileKind(at('packages/shop/src/i18n/catalogues/de.ts'))?.kind).toBe('catalogue');
    expect(textFileKind(at('packages/shop/src/View.test.ts'))).toBeUndefined();
    expect(textFileKind(at('packages/shop/src/i18n/t.ts'))).toBeUndefined();
    expect(textFileKind(at('packages/plain/src/index.ts'))).toBeUndefined();
  });

  it("turns a source's t(id) and msg(id) into the English, with a map of the change", () => {
    const result = englishSource(readFileSync(at('packages/shop/src/View.ts'), 'utf8'), at('packages/shop/src/View.ts'))!;
    expect(result.code).toContain(`export const TOTAL = msg("Total: {amount}");`);
    expect(result.code).toContain(`[t("Your basket"), t(TOTAL, { amount }), t("It's \\"here\\""), t("Your basket")]`);
    expect(result.map.mappings).not.toBe('');
  });

  it("turns a language file's ids into the English, and leaves its values and computed keys", () => {
    const result = englishSource(readFileSync(at('packages/shop/src/i18n/catalogues/de.ts'), 'utf8'), at('packages/shop/src/i18n/catalogues/de.ts'))!;
    expect(result.code).toContain(`  "Your basket": 'Ihr Warenkorb',\n  "Total: {amount}":\n    'Summe: {amount}',\n  [SHOP_ERROR]: 'Kasse nicht erreichbar',`);
  });

  it('refuses an id en.json lacks, and an English text where an id belongs, naming the file', () => {
    const file = at('packages/shop/src/Other.ts');
    expect(() => englishSource("t('shop.titel')", file)).toThrow(`${file}: no English text for the id 'shop.titel' in ${at('packages/shop/src/i18n/en.json')}`);
    expect(() => englishSource("t('Your basket')", file)).toThrow(`${file}: 'Your basket' is not a text id`);
    expect(() => englishSource("const de = {\n  'shop.gone': 'Weg',\n};", at('packages/shop/src/i18n/catalogues/fr.ts'))).toThrow("no English text for the id 'shop.gone'");
  });

  it('a Vite build with the workspace settings bundles the English texts, no id', async () => {
    const output = (await build({
      ...sourceResolve,
      configFile: false,
      logLevel: 'silent',
      build: { write: false, minify: false, lib: { entry: at('packages/shop/src/View.ts'), formats: ['es'], fileName: 'view' } },
    })) as Rolldown.RolldownOutput[];
    const code = output.flatMap((result) => result.output).map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
    expect(code).toContain('Your basket');
    expect(code).toContain('Total: {amount}');
    expect(code).not.toContain('shop.');
  });

  it('the published build (compilePackage.mjs) emits the English texts, in the JavaScript, the declarations and the maps', () => {
    expect(compilePackage(at('packages/shop/tsconfig.build.json'))).toBe('');
    const view = readFileSync(at('packages/shop/dist/View.js'), 'utf8');
    expect(view).toContain('t("Your basket")');
    expect(view).not.toContain('shop.');
    expect(readFileSync(at('packages/shop/dist/View.d.ts'), 'utf8')).toContain('"Total: {amount}"');
    expect(readFileSync(at('packages/shop/dist/i18n/catalogues/de.js'), 'utf8')).toContain(`"Your basket": 'Ihr Warenkorb'`);
    expect(readFileSync(at('packages/shop/dist/View.js.map'), 'utf8')).toContain('"sources":["../src/View.ts"]');
  });
});
