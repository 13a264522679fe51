export function processCpuSeconds(stat?: string): { self: number; children: number };
export function childrenCpuSeconds(stat?: string): number;
export function treeCpuSeconds(rootPid: number, options?: { pids?: number[]; readStat?: (pid: number) => string | undefined }): number;
