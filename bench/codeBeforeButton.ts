// Which functions of a page's JS have run when its connect button first shows, and how many bytes
// of source they span, by source file (issue 29; lib/codeBeforeButton.ts). A build of `npm run
// bench` or profileLoad.ts. The size guard holds the one-button page's own share to a ceiling.
//   node --conditions=@cairn/source --import tsx bench/codeBeforeButton.ts [build dir] [--top 60]
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchChromium } from './lib/browser.ts';
import { bytesOf, codeBeforeButton, isOwnSource } from './lib/codeBeforeButton.ts';
import { buildDir } from './lib/paths.ts';
import { startStaticServer } from './lib/staticServer.ts';

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '60' } } });
const dir = resolve(positionals[0] ?? join(buildDir, 'cairn'));

const server = await startStaticServer(dir);
const browser = await launchBenchChromium();
let code;
try {
  code = await codeBeforeButton(browser, server.url, dir);
} finally {
  await browser.close();
  await server.close();
}

const rows = [...code].sort((a, b) => b[1].bytes - a[1].bytes);
console.log(`${dir}: functions run before the button shows span ${bytesOf(code).toLocaleString('en')} bytes of source, ${bytesOf(code, isOwnSource).toLocaleString('en')} of them outside React and the bundler's chunks (a function's bytes include the functions inside it)\n`);
console.log('| source | bytes | functions |\n| --- | --- | --- |');
for (const [source, entry] of rows.slice(0, Number(args.top))) console.log(`| ${source} | ${entry.bytes.toLocaleString('en')} | ${entry.functions} |`);
