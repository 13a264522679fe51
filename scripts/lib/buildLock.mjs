import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Runs `job` while holding a lock directory that other processes' calls wait for: `npm test`
 * builds the packages in one lane while a browser test in another may ask for the same build.
 * A lock left by a process that died is taken over.
 */
export function withDirectoryLock(lockDir, job, options) {
  // Calls within one process queue here: the directory's pid would be their own.
  const previous = queues.get(lockDir) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => holdDirectoryLock(lockDir, job, options));
  queues.set(lockDir, next);
  return next;
}

const queues = new Map();

async function holdDirectoryLock(lockDir, job, { pollMs = 200 } = {}) {
  const owner = join(lockDir, 'pid');
  mkdirSync(dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(owner, String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let holder;
      try {
        holder = Number(readFileSync(owner, 'utf8'));
      } catch {
        holder = undefined; // made, its pid not yet written: wait
      }
      if (holder !== undefined && (!Number.isInteger(holder) || holder <= 0 || !isAlive(holder))) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  try {
    return await job();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
