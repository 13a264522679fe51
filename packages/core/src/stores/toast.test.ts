import { describe, expect, it } from 'vitest';
import { createToastStore, LINK_TOAST_DURATION_MS, TOAST_DURATION_MS } from './toast.ts';

function withClock() {
  const timers: { at: number; run: () => void }[] = [];
  const toast = createToastStore((run, ms) => timers.push({ at: ms, run }));
  return { toast, timers };
}

describe('toast store', () => {
  it('shows a message and hides it after the toast duration', () => {
    const { toast, timers } = withClock();
    toast.show('Transaction started', 'success');
    expect(toast.get()).toMatchObject({ open: true, message: 'Transaction started', variant: 'success', id: 1 });
    expect(timers.map((timer) => timer.at)).toEqual([TOAST_DURATION_MS]);
    timers[0]!.run();
    expect(toast.get().open).toBe(false);
  });

  it("does not let an earlier toast's timer hide a newer one", () => {
    const { toast, timers } = withClock();
    toast.show('Transaction started', 'success');
    toast.show('Failed to send transaction. Please try again.', 'error');
    timers[0]!.run();
    expect(toast.get()).toMatchObject({ open: true, message: 'Failed to send transaction. Please try again.', id: 2 });
    timers[1]!.run();
    expect(toast.get().open).toBe(false);
  });

  it('carries a link, stays longer for it, and the next toast drops it', () => {
    const { toast, timers } = withClock();
    const link = { url: 'https://etherscan.io/tx/0xab', name: 'Etherscan' };
    toast.show('Transaction confirmed', 'success', link);
    expect(toast.get()).toMatchObject({ open: true, message: 'Transaction confirmed', link });
    expect(timers.map((timer) => timer.at)).toEqual([LINK_TOAST_DURATION_MS]);
    toast.show('Transaction started', 'info');
    expect(toast.get().link).toBeUndefined();
  });

  it('keeps a loading toast until another replaces it or it is hidden', () => {
    const { toast, timers } = withClock();
    toast.show('Sending…', 'loading');
    expect(timers).toEqual([]);
    toast.hide();
    expect(toast.get().open).toBe(false);
  });
});
