import { spawn } from 'node:child_process';

/**
 * The child runs under a small sh watchdog that holds the read end of a pipe from this process.
 * When this process dies in any way (even SIGKILL), the kernel closes the pipe, `read` returns
 * and the watchdog kills the child; no devnet process outlives its parent. A normal stop closes the
 * pipe on purpose. The watchdog exits only after the child has exited, with the child's status.
 */
const WATCHDOG = `
exec 3<&0 0</dev/null
"$0" "$@" &
child=$!
{ read -r _ <&3; kill "$child" 2>/dev/null; } &
watcher=$!
exec 3<&-
wait "$child"
status=$?
kill "$watcher" 2>/dev/null
exit "$status"
`;

const STOP_TIMEOUT_MS = 5_000;

export type WatchedProcess = {
  /** Resolves with the exit code once the child (and its watchdog) exited. */
  exited: Promise<number | null>;
  /** The last 4000 characters the child wrote to stderr. */
  stderr(): string;
  /** The last 4000 characters the child wrote to stdout. */
  stdout(): string;
  /** Stops the child and resolves once it has exited (and released its ports). */
  stop(): Promise<void>;
};

export type WatchedOptions = {
  env?: NodeJS.ProcessEnv;
  /** Hears the child's stdout as it comes (it is kept for stdout() either way). */
  onStdout?: (text: string) => void;
  /** Hears the child's stderr as it comes (it is kept for stderr() either way). */
  onStderr?: (text: string) => void;
};

type Holdable = { ref(): unknown; unref(): unknown };

/** The watched children alive now, with their pipes: what keeps this process's event loop running for them. */
const alive = new Set<Holdable[]>();

/**
 * Whether this process's watched children keep it alive (they do, as any child, unless told
 * otherwise). A test worker that keeps a chain for its next files (useTestSmartAccountChain) lets go
 * while no file uses it, so that the worker ends when its files are done, not when the chain stops;
 * the watchdog then stops the chain. New children are held as usual.
 */
export function holdWatchedProcesses(held: boolean): void {
  for (const handles of alive) {
    for (const handle of handles) {
      if (held) handle.ref();
      else handle.unref();
    }
  }
}

export function spawnWatched(command: string, args: readonly string[], options: WatchedOptions = {}): WatchedProcess {
  // detached: its own process group, so the fallback in stop() can kill the watchdog and the child together.
  const child = spawn('sh', ['-c', WATCHDOG, command, ...args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(options.env ? { env: options.env } : {}),
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
    options.onStderr?.(chunk);
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout = (stdout + chunk).slice(-4000);
    options.onStdout?.(chunk);
  });
  const handles: Holdable[] = [child, child.stdin as unknown as Holdable, child.stdout as unknown as Holdable, child.stderr as unknown as Holdable];
  alive.add(handles);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      alive.delete(handles);
      resolve(code);
    }),
  );
  child.once('error', () => {}); // a spawn failure also emits 'exit'
  child.stdin.on('error', () => {}); // EPIPE if the watchdog is already gone; exit is handled above

  async function stop(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin.end();
    const timer = setTimeout(() => killGroup(child.pid), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  return { exited, stderr: () => stderr, stdout: () => stdout, stop };
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
