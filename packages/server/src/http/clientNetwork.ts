import { isIPv4, isIPv6 } from 'node:net';

/** The eight groups of an IPv6 address, written out (no `::`, an IPv4 tail as two groups). */
function ipv6Groups(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d, however written) stands for. */
function mappedIPv4(groups: string[]): string | undefined {
  if (groups.slice(0, 5).some((group) => group !== '0') || groups[5] !== 'ffff') return undefined;
  const high = parseInt(groups[6]!, 16);
  const low = parseInt(groups[7]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The network a client address stands for when counting per client (rate limits, the relay's
 * quotas): an IPv4 address itself (also when written IPv4-mapped, ::ffff:a.b.c.d, as a dual-stack
 * socket reports IPv4 clients), an IPv6 address's /64, which one host commonly holds whole: keyed
 * by the whole address, one host would get 2^64 budgets.
 */
export function clientNetwork(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  return mappedIPv4(groups) ?? `${groups.slice(0, 4).join(':')}::/64`;
}
