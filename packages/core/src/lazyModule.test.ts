import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazyModule.ts';

describe('lazyModule', () => {
  it('imports once, shares the fetch and then has the module at hand', async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const chunk = lazyModule(importer);
    expect(chunk.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect(first).toBe(second);
    expect(chunk.loaded()).toBe(first);
    await chunk.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch, so that the next call retries', async () => {
    const importer = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ answer: 42 });
    const chunk = lazyModule(importer);
    await expect(chunk.load()).rejects.toThrow('Failed to fetch');
    expect(chunk.loaded()).toBeUndefined();
    await expect(chunk.load()).resolves.toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
