import { readFileSync } from 'node:fs';

// The shared external test vectors sit beside the repository: /work/shared/vectors.
const VECTORS = new URL('../../../../../shared/vectors/', import.meta.url);

/** Parses one vector file, e.g. readVector('eth/eip191_personal_sign.json'). */
export function readVector<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, VECTORS), 'utf8')) as T;
}
