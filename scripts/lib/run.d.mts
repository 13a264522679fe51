import type { SpawnOptions } from 'node:child_process';
export function run(command: string, args: string[], options?: SpawnOptions): Promise<number>;
export function runOrExit(command: string, args: string[], options?: SpawnOptions): Promise<void>;
