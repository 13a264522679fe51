export const TEST_POSTGRES_PORT: number;
export type TestPostgres = { url: string; stop(): Promise<void>; skipped?: undefined } | { skipped: string; url?: undefined; stop?: undefined };
export function ensurePostgres(options?: { install?: boolean }): Promise<TestPostgres>;
export function findBinDir(): string | undefined;
export function asServerUser(command: string, args: string[]): [string, string[]];
export function portAnswers(port: number): Promise<boolean>;
export function runningClusterPort(pidFile?: string, isAlive?: (pid: number) => boolean): number | undefined;
export function chooseClusterPort(options: {
  running: number | undefined;
  first: number;
  named: boolean;
  answers: (port: number) => Promise<boolean>;
  spare?: number;
}): Promise<number>;
export function waitUntilAccepting(url: string): Promise<void>;
export function postgresIds(): [number, number];
