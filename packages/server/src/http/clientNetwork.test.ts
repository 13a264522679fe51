import { describe, expect, it } from 'vitest';
import { clientNetwork } from './clientNetwork.ts';

describe('clientNetwork', () => {
  it('counts an IPv4 address as itself, also written IPv4-mapped (in any IPv6 spelling)', () => {
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::FFFF:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::ffff:c000:207')).toBe('192.0.2.7');
    expect(clientNetwork('0:0:0:0:0:ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('192.0.2.8')).not.toBe(clientNetwork('192.0.2.7'));
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    expect(clientNetwork('2001:db8:0:1::1')).toBe(network);
    expect(clientNetwork('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(network);
    expect(clientNetwork('2001:DB8:0:1:0:0:0:2%eth0')).toBe(network);
    expect(clientNetwork('2001:db8:0:2::1')).not.toBe(network);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
    // Not IPv4-mapped: the ffff is in another group.
    expect(clientNetwork('::ffff:0:192.0.2.7')).toBe('0:0:0:0::/64');
  });
});
