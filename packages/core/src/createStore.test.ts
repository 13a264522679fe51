import { describe, expect, it, vi } from 'vitest';
import { createStore } from './createStore.ts';

describe('createStore', () => {
  it('merges a patch into the state and keeps the other fields', () => {
    const store = createStore({ a: 1, b: 'x' });
    store.set({ a: 2 });
    expect(store.get()).toEqual({ a: 2, b: 'x' });
  });

  it('accepts a function of the current state', () => {
    const store = createStore({ count: 1, label: 'n' });
    store.set((current) => ({ count: current.count + 1 }));
    expect(store.get()).toEqual({ count: 2, label: 'n' });
  });

  it('replaces the state object on change, so useSyncExternalStore sees a new snapshot', () => {
    const store = createStore({ a: 1 });
    const before = store.get();
    store.set({ a: 2 });
    expect(store.get()).not.toBe(before);
    expect(before).toEqual({ a: 1 });
  });

  it('notifies subscribers once per change', () => {
    const store = createStore({ a: 1, b: 2 });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ a: 5, b: 6 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not notify, nor replace the snapshot, when nothing changed', () => {
    const store = createStore({ a: 1, list: [1] as readonly number[], gone: undefined as string | undefined });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.get();
    store.set({ a: 1 });
    store.set({ list: before.list });
    store.set({ gone: undefined });
    store.set({});
    expect(listener).not.toHaveBeenCalled();
    expect(store.get()).toBe(before);
  });

  it('treats NaN as equal to NaN and -0 as different from 0 (Object.is)', () => {
    const store = createStore({ n: Number.NaN });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ n: Number.NaN });
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops notifying after unsubscribe', () => {
    const store = createStore({ a: 1 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ a: 2 });
    unsubscribe();
    store.set({ a: 3 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('still notifies every listener when one unsubscribes another during a notification', () => {
    const store = createStore({ a: 1 });
    const second = vi.fn();
    let unsubscribeSecond = () => {};
    store.subscribe(() => unsubscribeSecond());
    unsubscribeSecond = store.subscribe(second) as () => void;
    store.set({ a: 2 });
    expect(second).toHaveBeenCalledTimes(1);
    store.set({ a: 3 });
    expect(second).toHaveBeenCalledTimes(1);
  });
});
