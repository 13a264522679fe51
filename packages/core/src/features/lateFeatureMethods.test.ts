import { describe, expect, it, vi } from 'vitest';
import { withLateFeatureMethods } from './lateFeatureMethods.ts';

interface Full {
  open(): string;
  send: { prepare(): string };
  loadWallets(): string;
}

const make = () => {
  const makeMethods = vi.fn(() => ({ send: { prepare: () => 'prepared' }, loadWallets: () => 'loaded', open: () => 'the feature’s' }));
  const late = withLateFeatureMethods<Full>({ open: () => 'opened' }, makeMethods);
  return { ...late, makeMethods };
};

describe("the features' methods made on first use (issue 29)", () => {
  it("are not made while only the instance's own methods are used", () => {
    const { instance, makeMethods } = make();
    expect(instance.open()).toBe('opened');
    expect(makeMethods).not.toHaveBeenCalled();
  });

  it('are made once, by the first use of any of them', () => {
    const { instance, makeMethods } = make();
    expect(instance.send.prepare()).toBe('prepared');
    expect(instance.loadWallets()).toBe('loaded');
    expect(makeMethods).toHaveBeenCalledOnce();
  });

  it('are there for every look at the instance: in, its keys, a copy', () => {
    expect('loadWallets' in make().instance).toBe(true);
    expect(Object.keys(make().instance).sort()).toEqual(['loadWallets', 'open', 'send']);
    expect({ ...make().instance }.send.prepare()).toBe('prepared');
  });

  it("are made when their time comes, and the instance's own methods keep precedence", () => {
    const { instance, complete, makeMethods } = make();
    complete();
    complete();
    expect(makeMethods).toHaveBeenCalledOnce();
    expect(instance.open()).toBe('opened');
  });
});
