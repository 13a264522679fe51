interface Holding<Message> {
  bytes: number;
  /** The address's messages, oldest first. */
  messages: Set<Message>;
  /** Its place in `buckets` (-1: holds nothing). */
  bucket: number;
}

const bucketOf = (bytes: number) => (bytes >= 1 ? Math.floor(Math.log2(bytes)) : -1);
/** Addresses of the top bucket compared to pick the heaviest (all of them hold at least half of it). */
const HEAVIEST_SAMPLE = 32;

/**
 * What each client address holds in the mailbox (bytes charged, messages in arrival order), and
 * which address holds about the most: addresses sit in buckets of powers of two, and the heaviest
 * of the top non-empty bucket (of its first HEAVIEST_SAMPLE) is found in constant time; it holds at
 * least half as much as the heaviest of all, and is that one whenever the bucket is small.
 */
export class AddressHoldings<Message> {
  private readonly byAddress = new Map<string, Holding<Message>>();
  // buckets[k]: the addresses holding 2^k to 2^(k+1) - 1 bytes.
  private readonly buckets: Set<string>[] = [];

  bytesOf(address: string): number {
    return this.byAddress.get(address)?.bytes ?? 0;
  }

  /** Adds `bytes` (negative to refund) to what the address holds. */
  charge(address: string, bytes: number): void {
    const holding = this.holding(address);
    holding.bytes += bytes;
    this.rebucket(address, holding);
  }

  addMessage(address: string, message: Message): void {
    this.holding(address).messages.add(message);
  }

  removeMessage(address: string, message: Message): void {
    const holding = this.byAddress.get(address);
    if (!holding) return;
    holding.messages.delete(message);
    this.rebucket(address, holding);
  }

  oldestOf(address: string): Message | undefined {
    return this.byAddress.get(address)?.messages.values().next().value;
  }

  /** The address holding the most, or one holding at least half of that; undefined when none holds anything. */
  heaviest(): string | undefined {
    for (let bucket = this.buckets.length - 1; bucket >= 0; bucket--) {
      const addresses = this.buckets[bucket];
      if (!addresses || addresses.size === 0) continue;
      let heaviest: string | undefined;
      let compared = 0;
      for (const address of addresses) {
        if (heaviest === undefined || this.bytesOf(address) > this.bytesOf(heaviest)) heaviest = address;
        if (++compared === HEAVIEST_SAMPLE) break;
      }
      return heaviest;
    }
    return undefined;
  }

  get size(): number {
    return this.byAddress.size;
  }

  private holding(address: string): Holding<Message> {
    let holding = this.byAddress.get(address);
    if (!holding) {
      holding = { bytes: 0, messages: new Set(), bucket: -1 };
      this.byAddress.set(address, holding);
    }
    return holding;
  }

  private rebucket(address: string, holding: Holding<Message>): void {
    const bucket = bucketOf(holding.bytes);
    if (bucket !== holding.bucket) {
      if (holding.bucket >= 0) this.buckets[holding.bucket]!.delete(address);
      if (bucket >= 0) (this.buckets[bucket] ??= new Set()).add(address);
      holding.bucket = bucket;
    }
    if (holding.bytes <= 0 && holding.messages.size === 0) this.byAddress.delete(address);
  }
}
