import { describe, expect, it } from 'vitest';
import { watchWalletRegistry } from './watchWalletRegistry.ts';

describe('watchWalletRegistry', () => {
  it('runs at once and on each register or unregister, until stopped', () => {
    const listeners = new Map<string, () => void>();
    const registry = { on: (event: 'register' | 'unregister', listener: () => void) => (listeners.set(event, listener), () => listeners.delete(event)) };
    let runs = 0;
    const stop = watchWalletRegistry(registry, () => (runs += 1));
    expect(runs).toBe(1);
    listeners.forEach((listener) => listener());
    expect(runs).toBe(3);
    stop();
    expect(listeners.size).toBe(0);
  });
});
