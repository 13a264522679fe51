export function childrenCpuSeconds(stat?: string): number;
