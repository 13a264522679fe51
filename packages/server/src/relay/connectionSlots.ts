import { isIPv4, isIPv6 } from 'node:net';

/** Why a connection was not admitted: the relay is at maxConnections, or its address at maxConnectionsPerIp. */
export type SlotRefusal = 'total' | 'ip';

export type Slot = { ok: true; release: () => void } | { ok: false; refused: SlotRefusal };

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

/**
 * The network a client address stands for when counting per address: an IPv4 address itself
 * (also when written IPv4-mapped, ::ffff:a.b.c.d), an IPv6 address's /64, which one host
 * commonly holds whole.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip)) return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** Open websockets, counted in total and per client network (clientNetwork), each up to a limit. */
export class ConnectionSlots {
  private readonly byNetwork = new Map<string, number>();
  private open = 0;

  constructor(
    private readonly maxTotal: number,
    private readonly maxPerNetwork: number,
  ) {}

  /** Takes a slot for a connection from `ip`; its `release` (idempotent) gives it back. */
  take(ip: string): Slot {
    const network = clientNetwork(ip);
    const used = this.byNetwork.get(network) ?? 0;
    if (used >= this.maxPerNetwork) return { ok: false, refused: 'ip' };
    if (this.open >= this.maxTotal) return { ok: false, refused: 'total' };
    this.byNetwork.set(network, used + 1);
    this.open++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.open--;
        const left = (this.byNetwork.get(network) ?? 1) - 1;
        if (left === 0) this.byNetwork.delete(network);
        else this.byNetwork.set(network, left);
      },
    };
  }

  get size(): { open: number; networks: number } {
    return { open: this.open, networks: this.byNetwork.size };
  }
}
