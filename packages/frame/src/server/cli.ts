import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFramePage } from './buildFramePage.ts';
import { frameConfigFromEnv } from './frameEnv.ts';
import { startFrameServer } from './frameServer.ts';

// Builds the frame page and serves it on 127.0.0.1 (configuration from the environment, see frameEnv.ts):
//   node --conditions=@cairn/source --import tsx packages/frame/src/server/cli.ts
// FRAME_PAGE_DIR serves a page built before (buildFramePage) instead, and leaves the folder in place.
let settings: ReturnType<typeof frameConfigFromEnv>;
try {
  settings = frameConfigFromEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const prebuilt = process.env.FRAME_PAGE_DIR;
const dir = prebuilt || mkdtempSync(join(tmpdir(), 'cairn-frame-page-'));
if (!prebuilt) await buildFramePage(dir);
const frame = await startFrameServer({ dir, config: settings.config, port: settings.port });
console.log(`frame: ${frame.url}`);
const stop = () =>
  frame.close().then(() => {
    if (!prebuilt) rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
