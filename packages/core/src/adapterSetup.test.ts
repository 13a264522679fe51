import { describe, expect, it, vi } from 'vitest';
import { deferAdapterSetup, ensureAdaptersSetUp } from './adapterSetup.ts';
import type { CairnContext } from './context.ts';

const context = () => ({}) as CairnContext;
/** A schedule that fires when the test says so. */
function manualSchedule() {
  let fire: (() => void) | undefined;
  const cancel = vi.fn();
  return { schedule: (run: () => void) => ((fire = run), cancel), fire: () => fire?.(), cancel };
}

describe("the adapters' deferred set-up", () => {
  it('runs once when its time comes, and ensuring it afterwards does nothing more', () => {
    const ctx = context();
    const setUp = vi.fn();
    const { schedule, fire } = manualSchedule();
    deferAdapterSetup(ctx, setUp, schedule);
    expect(setUp).not.toHaveBeenCalled();
    fire();
    ensureAdaptersSetUp(ctx);
    expect(setUp).toHaveBeenCalledOnce();
  });

  it('runs at once when something needs the wallets first, and not again when its time comes', () => {
    const ctx = context();
    const setUp = vi.fn();
    const { schedule, fire } = manualSchedule();
    deferAdapterSetup(ctx, setUp, schedule);
    ensureAdaptersSetUp(ctx);
    expect(setUp).toHaveBeenCalledOnce();
    fire();
    expect(setUp).toHaveBeenCalledOnce();
  });

  it('keeps each instance apart, and a cancelled set-up never runs', () => {
    const [first, second] = [context(), context()];
    const [setUpFirst, setUpSecond] = [vi.fn(), vi.fn()];
    const firstSchedule = manualSchedule();
    const cancel = deferAdapterSetup(first, setUpFirst, firstSchedule.schedule);
    deferAdapterSetup(second, setUpSecond, manualSchedule().schedule);
    ensureAdaptersSetUp(second);
    expect(setUpFirst).not.toHaveBeenCalled();
    cancel();
    expect(firstSchedule.cancel).toHaveBeenCalledOnce();
    firstSchedule.fire();
    ensureAdaptersSetUp(first);
    expect(setUpFirst).not.toHaveBeenCalled();
    expect(setUpSecond).toHaveBeenCalledOnce();
  });
});
