import { describe, expect, it } from 'vitest';
import { clientNetwork, ConnectionSlots } from './connectionSlots.ts';

describe('clientNetwork', () => {
  it('counts an IPv4 address as itself, also written IPv4-mapped', () => {
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    expect(clientNetwork('2001:db8:0:1::1')).toBe(network);
    expect(clientNetwork('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(network);
    expect(clientNetwork('2001:DB8:0:1:0:0:0:2%eth0')).toBe(network);
    expect(clientNetwork('2001:db8:0:2::1')).not.toBe(network);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
  });
});

describe('ConnectionSlots', () => {
  it('refuses past the per-network limit before the total one, and a release (once) frees a place', () => {
    const slots = new ConnectionSlots(3, 2);
    const first = slots.take('2001:db8::1');
    expect(slots.take('2001:db8::2').ok).toBe(true);
    expect(slots.take('2001:db8::3')).toEqual({ ok: false, refused: 'ip' });
    expect(slots.take('192.0.2.1').ok).toBe(true);
    expect(slots.take('192.0.2.2')).toEqual({ ok: false, refused: 'total' });
    if (!first.ok) throw new Error('refused');
    first.release();
    first.release();
    expect(slots.size).toEqual({ open: 2, networks: 2 });
    expect(slots.take('2001:db8::3').ok).toBe(true);
    expect(slots.take('2001:db8::4')).toEqual({ ok: false, refused: 'ip' });
  });
});
