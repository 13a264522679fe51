import * as v from 'valibot';

/** Bounds on anything JSON-like crossing the frame boundary (RPC params and results). */
export const JSON_LIMITS = { depth: 32, nodes: 10_000, stringLength: 2_000_000, totalLength: 4_000_000 } as const;

/**
 * Whether a value is plain JSON data within the bounds: no functions, no class instances, no
 * cycles, no prototype tricks. Walks iteratively so a deep value cannot overflow the stack.
 */
export function isBoundedJson(value: unknown, limits = JSON_LIMITS): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let nodes = 0;
  let total = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (++nodes > limits.nodes || depth > limits.depth) return false;
    if (current === null || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return false;
      continue;
    }
    if (typeof current === 'string') {
      total += current.length;
      if (current.length > limits.stringLength || total > limits.totalLength) return false;
      continue;
    }
    if (typeof current !== 'object') return false;
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    const proto = Object.getPrototypeOf(current);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key of Object.keys(current)) {
      total += key.length;
      if (key === '__proto__' || total > limits.totalLength) return false;
      stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return true;
}

export const JsonValueSchema = v.custom<unknown>((value) => isBoundedJson(value), 'Not bounded JSON data');
