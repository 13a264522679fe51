import { clientNetwork } from '../http/clientNetwork.ts';

/** Why a connection was not admitted: the relay is at maxConnections, or its address at maxConnectionsPerIp. */
export type SlotRefusal = 'total' | 'ip';

export type Slot = { ok: true; release: () => void } | { ok: false; refused: SlotRefusal };

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
