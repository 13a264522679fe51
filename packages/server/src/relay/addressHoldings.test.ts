import { describe, expect, it } from 'vitest';
import { AddressHoldings } from './addressHoldings.ts';

describe('AddressHoldings', () => {
  it('names the address holding the most, across buckets and within one, and forgets an address holding nothing', () => {
    const holdings = new AddressHoldings<string>();
    expect(holdings.heaviest()).toBeUndefined();
    holdings.charge('light', 100);
    holdings.charge('heavy', 700);
    holdings.charge('heavier', 900);
    expect(holdings.heaviest()).toBe('heavier');
    holdings.charge('heavier', -850);
    expect(holdings.heaviest()).toBe('heavy');
    holdings.charge('light', 2000);
    expect(holdings.heaviest()).toBe('light');

    holdings.addMessage('heavy', 'first');
    holdings.addMessage('heavy', 'second');
    expect(holdings.oldestOf('heavy')).toBe('first');
    holdings.removeMessage('heavy', 'first');
    holdings.removeMessage('heavy', 'second');
    holdings.charge('heavy', -700);
    expect([holdings.bytesOf('heavy'), holdings.size]).toEqual([0, 2]);
  });
});
