// Issue 29: why Cairn's one-button page needs five JS files before its first paint, not one. The
// smallest graph found where Rolldown (the bundler of Vite 8) leaves a module shared by the entry
// and lazy chunks in a chunk of its own, which the entry then imports: a leaf `L` imported by two
// entry-side modules that lazy chunks also reach, one importing the other (A_i → B_i → L, A_i → L),
// where A_i and B_i are shared with different sets of lazy chunks. Prints the chunks the entry
// imports for that graph and for two graphs one edge away, which merge. Run it after a Vite or
// Rolldown upgrade: when the first graph says "none", re-measure the page (bench/loadSteps.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, rolldownVersion, version as viteVersion } from 'vite';

const LAZY_PAIRS = 12;

type Graph = Record<string, string>;
function graph(variant: 'split' | 'b-without-leaf' | 'lazy-without-b'): Graph {
  const files: Graph = { 'L.js': "export const L = 'leaf' + Math.random();" };
  const main: string[] = [];
  for (let i = 1; i <= LAZY_PAIRS; i += 1) {
    files[`A${i}.js`] = `import { L } from './L.js'; import { B${i} } from './B${i}.js'; export const A${i} = () => L + B${i}();`;
    files[`B${i}.js`] = variant === 'b-without-leaf' ? `export const B${i} = () => 'B${i}';` : `import { L } from './L.js'; export const B${i} = () => L;`;
    files[`D${i}.js`] = `import { A${i} } from './A${i}.js'; export const d = () => A${i}();`;
    files[`F${i}.js`] = variant === 'lazy-without-b' ? "import { L } from './L.js'; export const f = () => L;" : `import { B${i} } from './B${i}.js'; import { L } from './L.js'; export const f = () => B${i}() + L;`;
    main.push(`import { A${i} } from './A${i}.js';`, `globalThis.a${i} = A${i}(); globalThis.d${i} = () => import('./D${i}.js'); globalThis.f${i} = () => import('./F${i}.js');`);
  }
  files['main.js'] = main.join('\n');
  return files;
}

/** Built as a site builds (Vite's production build, the graph's main.js as the entry): the chunks the entry imports. */
async function entryImports(files: Graph): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-rolldown-merge-'));
  try {
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
    const result = await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      build: { write: false, minify: false, rolldownOptions: { input: join(dir, 'main.js') } },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) => ('output' in item ? item.output : []));
    const entry = outputs.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
    return entry?.type === 'chunk' ? entry.imports : [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Vite ${viteVersion}, Rolldown ${rolldownVersion}: the chunks the entry imports`);
for (const [variant, title] of [
  ['split', 'A_i → B_i → L and A_i → L, B_i shared with F_i'],
  ['b-without-leaf', 'the same, B_i not importing L'],
  ['lazy-without-b', 'the same, F_i importing L but not B_i'],
] as const) {
  const imports = await entryImports(graph(variant));
  console.log(`- ${title}: ${imports.length === 0 ? 'none' : imports.join(', ')}`);
}
