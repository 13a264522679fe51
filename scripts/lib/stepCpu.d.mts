export function processCpuSeconds(stat?: string): { self: number; children: number };
export function childrenCpuSeconds(stat?: string): number;
