import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEvents } from './events.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('events', () => {
  it('delivers an emitted event to every subscriber, stamped by the injected clock', () => {
    const events = createEvents({ now: () => 1_700_000_000_000 });
    const first = vi.fn();
    const second = vi.fn();
    events.subscribe(first);
    events.subscribe(second);
    events.emit('SWITCH_NETWORK', { network: 'eip155:10' });
    const expected = { event: 'SWITCH_NETWORK', properties: { network: 'eip155:10' }, timestamp: 1_700_000_000_000 };
    expect(first).toHaveBeenCalledWith(expected);
    expect(second).toHaveBeenCalledWith(expected);
  });

  it('sends empty properties when none are given', () => {
    const events = createEvents({ now: () => 5 });
    const listener = vi.fn();
    events.subscribe(listener);
    events.emit('DISCONNECT_SUCCESS');
    expect(listener).toHaveBeenCalledWith({ event: 'DISCONNECT_SUCCESS', properties: {}, timestamp: 5 });
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = createEvents({ now: () => 0 });
    const before = vi.fn();
    const after = vi.fn();
    events.subscribe(before);
    events.subscribe(() => {
      throw new Error('site bug');
    });
    events.subscribe(after);
    expect(() => events.emit('MODAL_OPEN')).not.toThrow();
    expect(before).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('passes events to the sink given at creation', () => {
    const sink = vi.fn();
    const events = createEvents({ sink, now: () => 1 });
    events.emit('SEARCH_WALLET', { search: 'rain' });
    expect(sink).toHaveBeenCalledWith({ event: 'SEARCH_WALLET', properties: { search: 'rain' }, timestamp: 1 });
  });

  it('stops delivering after unsubscribe', () => {
    const events = createEvents();
    const listener = vi.fn();
    const unsubscribe = events.subscribe(listener);
    unsubscribe();
    events.emit('MODAL_CLOSE');
    expect(listener).not.toHaveBeenCalled();
  });

  it('stamps with Date.now when no clock is injected', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_234_567);
      const events = createEvents();
      const listener = vi.fn();
      events.subscribe(listener);
      events.emit('MODAL_OPEN');
      expect(listener.mock.calls[0]?.[0].timestamp).toBe(1_234_567);
    } finally {
      vi.useRealTimers();
    }
  });
});
