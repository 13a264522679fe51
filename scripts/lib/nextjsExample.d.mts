/** Next's CLI, from its on-demand install (scripts/onDemand/nextjs). */
export const nextBin: string;
/** Copies examples/nextjs's sources into `dir` and links Next (installed on demand) into its node_modules. */
export function prepareNextjsCopy(dir: string): Promise<void>;
