/** Runs `job` while holding the lock directory; other processes' (and this one's) calls wait their turn. */
export function withDirectoryLock<T>(lockDir: string, job: () => Promise<T>, options?: { pollMs?: number }): Promise<T>;
