import { write, writeSync } from 'node:fs';

export interface BufferedLogOptions {
  /** Lines wait until this many characters are waiting... */
  minLength: number;
  /** ...or this long, in ms. */
  flushMs: number;
  /** Past this many characters waiting (the output does not keep up), new lines are dropped and counted. */
  maxWaiting: number;
}

/**
 * 32 kB a write (about a hundred request lines): each write is a hop to libuv's thread pool, whose
 * wake-up the cached balance route's profile charged ~13 µs a request at 4 kB (issue 25). Each
 * replica writes its own output (a pipe no other process writes), so a write need not fit a pipe's
 * atomic 4 kB.
 */
export const BUFFERED_LOG: BufferedLogOptions = { minLength: 32 * 1024, flushMs: 1000, maxWaiting: 64 * 1024 * 1024 };

export interface BufferedLog {
  write(line: string): void;
  /** Resolves once every line written so far is out. */
  flush(): Promise<void>;
  /** Writes what waits, at once (synchronously), and stops the timer. */
  close(): void;
}

/**
 * The server's log destination: lines are gathered and written to `fd` a few kB at a time (or at
 * least every `flushMs`), asynchronously, and what waits is written when the process exits. On the
 * cached balance route pino's own asynchronous destination (sonic-boom) cost ~5 µs per line, this
 * under 1 µs (issue 25): one join and one write per `minLength`, no growing string. A full output (a
 * pipe nobody reads) makes lines wait, up to `maxWaiting`; past it they are dropped, and the next
 * write says how many.
 */
export function bufferedLog(fd: number, options: BufferedLogOptions = BUFFERED_LOG): BufferedLog {
  let lines: string[] = [];
  let waiting = 0;
  let dropped = 0;
  let writing = false;
  let written: (() => void)[] = [];

  const take = (): string => {
    if (dropped > 0) lines.push(`{"level":40,"time":${Date.now()},"msg":"${dropped} log lines dropped: the log output did not keep up"}\n`);
    const text = lines.join('');
    lines = [];
    waiting = 0;
    dropped = 0;
    return text;
  };
  const writeOut = () => {
    writing = true;
    const done = written;
    written = [];
    send(Buffer.from(take()), 0, () => {
      writing = false;
      for (const resolve of done) resolve();
      if (waiting >= options.minLength || (written.length > 0 && waiting > 0)) writeOut();
      else for (const resolve of written.splice(0)) resolve();
    });
  };
  const send = (buffer: Buffer, offset: number, then: () => void) => {
    write(fd, buffer, offset, buffer.length - offset, null, (error, count) => {
      // A non-blocking output that is full: the same bytes again shortly.
      if (error && (error as NodeJS.ErrnoException).code === 'EAGAIN') return void setTimeout(() => send(buffer, offset, then), 10);
      // Any other failure loses this chunk: there is nowhere to say so.
      if (error || offset + count >= buffer.length) return then();
      send(buffer, offset + count, then);
    });
  };
  const timer = setInterval(() => {
    if (!writing && waiting > 0) writeOut();
  }, options.flushMs);
  timer.unref();
  const onExit = () => {
    if (waiting > 0 || dropped > 0) writeSync(fd, take());
  };
  process.on('exit', onExit);

  return {
    write(line) {
      if (waiting + line.length > options.maxWaiting) {
        dropped++;
        return;
      }
      lines.push(line);
      waiting += line.length;
      if (!writing && waiting >= options.minLength) writeOut();
    },
    flush() {
      if (!writing && waiting === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        written.push(resolve);
        if (!writing) writeOut();
      });
    },
    close() {
      clearInterval(timer);
      process.off('exit', onExit);
      onExit();
    },
  };
}

let stdout: BufferedLog | undefined;

/** Standard output, buffered once for the process: every server in it writes through the one buffer (one exit listener however many servers a process starts). */
export const bufferedStdout = (): BufferedLog => (stdout ??= bufferedLog(1));
