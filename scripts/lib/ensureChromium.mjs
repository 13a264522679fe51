import { existsSync } from 'node:fs';
import { runOrExit } from './run.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** e2e tests drive Debian's Chromium; install it when absent and we are allowed to. */
export async function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is not installed at ${CHROMIUM_PATH} and this user cannot install it.\n` +
        'Install it with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium (first run only)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runOrExit('apt-get', ['update', '-qq'], { env });
  await runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { env });
}
