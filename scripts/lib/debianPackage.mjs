// Debian packages the project's own scripts install when absent (PostgreSQL, Redis for the tests).
import { execFile } from 'node:child_process';

/** Resolves with the exit code and output of a command (never rejects on a non-zero exit). */
export function capture(command, args, options = {}) {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}${error && typeof error.code !== 'number' ? error.message : ''}` });
    });
  });
}

/** apt-get installs `name` (as root only); resolves with why it could not, or undefined once installed. */
export async function installDebianPackage(name, purpose) {
  if (process.getuid?.() !== 0) return `${name} is not installed and this user cannot install it (run \`sudo apt-get install -y ${name}\`)`;
  console.log(`Installing Debian ${name} for ${purpose} (first run only)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', name]]) {
    const { code, output } = await capture('apt-get', args, { env });
    if (code !== 0) return `apt-get ${args.join(' ')} failed (exit ${code}): ${output.trim().split('\n').slice(-3).join(' ')}`;
  }
  return undefined;
}
