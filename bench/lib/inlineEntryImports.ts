import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A copy of a page's build whose entry needs no other file before it runs: each chunk the entry
 * imports statically (the files index.html modulepreloads) is pasted into the entry, wrapped in a
 * function that returns its exports, and the modulepreload links go. A measurement tool only (what
 * one file would save the first paint, issue 29): the lazy chunks still import their own copies,
 * so a module with state would exist twice; the four small chunks of Cairn's page have none
 * (Rolldown's runtime helpers, Vite's preload helper, constants, createStore).
 */
export function inlineEntryImports(fromDir: string, toDir: string): string[] {
  cpSync(fromDir, toDir, { recursive: true });
  const htmlFile = join(toDir, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const entry = /<script type="module"[^>]* src="\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${htmlFile} has no module script`);
  const entryFile = join(toDir, entry);
  const { code, inlined } = inlineStaticImports(readFileSync(entryFile, 'utf8'), (file) => readFileSync(join(toDir, entry, '..', file), 'utf8'));
  writeFileSync(entryFile, code);
  writeFileSync(htmlFile, html.replace(/\s*<link rel="modulepreload"[^>]*>/g, ''));
  return inlined;
}

/** The rewrite itself, on minified ES output (`import{a as b}from"./x.js";`, one `export{...}` at the end). */
export function inlineStaticImports(entryCode: string, read: (file: string) => string): { code: string; inlined: string[] } {
  let prelude = '';
  const inlined: string[] = [];
  const code = entryCode.replace(/import\{([^}]*)\}from"\.\/([^"]+\.js)";?/g, (_, names: string, file: string) => {
    const dependency = read(file);
    const exports = /export\{([^}]*)\};?\s*$/.exec(dependency);
    if (!exports) throw new Error(`${file}: no export list at its end`);
    const variable = `__inlined${inlined.length}`;
    const exported = exports[1]!.split(',').map((item) => {
      const [local, as] = item.split(' as ');
      return `${as ?? local}:${local}`;
    });
    prelude += `const ${variable}=(()=>{${dependency.slice(0, exports.index)};return{${exported.join(',')}}})();`;
    inlined.push(file);
    const bindings = names.split(',').map((item) => {
      const [imported, as] = item.split(' as ');
      return `${imported}:${as ?? imported}`;
    });
    return `const{${bindings.join(',')}}=${variable};`;
  });
  if (/import\s*["'{*]/.test(code.slice(0, 2000).replace(/import\(/g, ''))) throw new Error('the entry keeps a static import this rewrite does not know');
  return { code: prelude + code, inlined };
}
