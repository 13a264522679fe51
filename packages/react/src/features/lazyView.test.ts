import { describe, expect, it, vi } from 'vitest';
import { lazyView } from './lazyView.ts';

const View = () => null;

describe('lazyView', () => {
  it('fetches the chunk on preload, once however often the intent repeats', async () => {
    const load = vi.fn(async () => ({ default: View }));
    const view = lazyView(load);
    expect(load).not.toHaveBeenCalled();
    view.preload();
    view.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('tries the fetch again after it failed', async () => {
    const load = vi.fn<() => Promise<{ default: typeof View }>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ default: View });
    const view = lazyView(load);
    view.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    view.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
