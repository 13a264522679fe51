import { readFileSync } from 'node:fs';

// The external test vectors, copied into the repository from the shared set: vectors/ (see its README).
const VECTORS = new URL('../../../../vectors/', import.meta.url);

/** Parses one vector file, e.g. readVector('eth/eip191_personal_sign.json'). */
export function readVector<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, VECTORS), 'utf8')) as T;
}
