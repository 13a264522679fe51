import type { SpawnOptions } from 'node:child_process';
export function run(command: string, args: string[], options?: SpawnOptions): Promise<number>;
export function runOrExit(command: string, args: string[], options?: SpawnOptions): Promise<void>;
/** The last `lines` lines of a log file, for a failure's report. */
export function logTail(logFile: string, lines?: number): string;
/** Runs a command with its output in `logFile` (but its stdout with `stdoutOnScreen`); on failure prints the log's tail and exits with the command's code. */
export function runLoggedOrExit(command: string, args: string[], options: SpawnOptions & { logFile: string; stdoutOnScreen?: boolean }): Promise<void>;
