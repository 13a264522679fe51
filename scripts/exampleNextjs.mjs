// `npm run example:nextjs`: builds examples/nextjs (on the packages' dist/: run `npm run build`
// first) in .scratch/nextjs-example/ and serves it on 127.0.0.1 (NEXTJS_PORT, 3000 by default),
// reading the devnet of a running `npm start` (CAIRN_RPC_URL for another RPC URL).
import { join } from 'node:path';
import { nextBin, prepareNextjsCopy } from './lib/nextjsExample.mjs';
import { runOrExit } from './lib/run.mjs';

const root = new URL('..', import.meta.url).pathname;
const dir = join(root, '.scratch', 'nextjs-example');
const port = process.env.NEXTJS_PORT ?? '3000';
if (!/^\d{2,5}$/.test(port) || Number(port) > 65535) throw new Error('NEXTJS_PORT must be a port number');
const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };

console.log('Installing Next.js for the example if it is not yet (output in .data/logs/on-demand-nextjs.log)…');
await prepareNextjsCopy(dir);
await runOrExit(process.execPath, [nextBin, 'build', dir], { env });
await runOrExit(process.execPath, [nextBin, 'start', dir, '--hostname', '127.0.0.1', '--port', port], { env });
