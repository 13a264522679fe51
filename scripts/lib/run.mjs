import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/** The last `lines` lines of a log file, for a failure's report. */
export function logTail(logFile, lines = 40) {
  try {
    return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Runs a command with its output (other packages' warnings and progress) in a log file, keeping
 * the screen to our own lines; on failure prints the log's tail and exits with the command's code.
 * `stdoutOnScreen`: the command's stdout is our own line(s); only its stderr goes to the log.
 */
export async function runLoggedOrExit(command, args, { logFile, stdoutOnScreen = false, ...options }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'w');
  let code;
  try {
    code = await run(command, args, { ...options, stdio: ['ignore', stdoutOnScreen ? 'inherit' : fd, fd] });
  } finally {
    closeSync(fd);
  }
  if (code !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed with exit code ${code}; the end of ${logFile}:\n${logTail(logFile)}`);
    process.exit(code);
  }
}
