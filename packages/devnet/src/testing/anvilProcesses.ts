import { readdirSync, readFileSync } from 'node:fs';

/** Pids of live Anvil processes listening on `port`, read from /proc (Linux). */
export function anvilPidsOnPort(port: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // exited while we looked
    }
    const isAnvil = argv[0]?.endsWith('/anvil') ?? false;
    const portIndex = argv.indexOf('--port');
    if (isAnvil && portIndex >= 0 && argv[portIndex + 1] === String(port) && !isZombie(entry)) pids.push(Number(entry));
  }
  return pids;
}

function isZombie(pid: string): boolean {
  try {
    return /\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
