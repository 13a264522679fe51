import { spawnWatched } from './watchedProcess.ts';

export type AnnouncedOptions = {
  /** The stdout line that says the child is ready; its match is returned. */
  ready: RegExp;
  /** A stderr line that means this try has failed although the child has not exited. */
  fatal?: RegExp;
  /** How long one try may take before it counts as failed. */
  timeoutMs: number;
  /** Tries in all (a failed one is stopped before the next starts). */
  attempts: number;
  env?: NodeJS.ProcessEnv;
};

export type AnnouncedProcess = { match: RegExpExecArray; stop(): Promise<void> };

/** The last lines of a child's output, for an error that says why it did not start. */
export function lastLines(text: string, count = 8): string {
  return text.trim().split('\n').slice(-count).join('\n');
}

/**
 * Starts a child that prints a line once it is ready. A try fails at once when the child exits
 * first or prints a `fatal` line (a native server whose bind lost stays up, blocked, instead of
 * exiting), and after `timeoutMs` otherwise; then the next try starts: a port picked at run time
 * can be taken by another process between its pick and its bind, and the next pick is another.
 * The error after the last try names it and quotes the child's last lines.
 */
export async function startAnnounced(what: string, command: string, args: readonly string[], options: AnnouncedOptions): Promise<AnnouncedProcess> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    let stdout = '';
    let fail: (reason: string) => void = () => {};
    const failed = new Promise<never>((_, reject) => (fail = (reason) => reject(new Error(reason))));
    failed.catch(() => {});
    let announce: (match: RegExpExecArray) => void = () => {};
    const announced = new Promise<RegExpExecArray>((resolve) => (announce = resolve));
    const child = spawnWatched(command, args, {
      ...(options.env ? { env: options.env } : {}),
      onStdout: (text) => {
        stdout = (stdout + text).slice(-4000);
        const match = options.ready.exec(stdout);
        if (match) announce(match);
      },
      onStderr: () => {
        if (options.fatal?.test(child.stderr())) fail("it printed an error and stayed up");
      },
    });
    void child.exited.then((code) => fail(`it exited (code ${code}) before it was ready`));
    const timer = setTimeout(() => fail(`it was not ready within ${options.timeoutMs / 1000} s`), options.timeoutMs);
    try {
      const match = await Promise.race([announced, failed]);
      return { match, stop: child.stop };
    } catch (error) {
      // Read before the stop: the watchdog's shell reports the kill ('Terminated').
      const output = lastLines(`${stdout}\n${child.stderr()}`);
      await child.stop();
      failures.push(`try ${attempt}: ${(error as Error).message}${output ? `; its last lines:\n${output}` : ''}`);
    } finally {
      clearTimeout(timer);
    }
  }
  throw new Error(`${what} did not start in ${options.attempts} tries.\n${failures.join('\n')}`);
}
