export const TEST_POSTGRES_PORT: number;
export type TestPostgres = { url: string; stop(): Promise<void>; skipped?: undefined } | { skipped: string; url?: undefined; stop?: undefined };
export function ensurePostgres(options?: { install?: boolean }): Promise<TestPostgres>;
