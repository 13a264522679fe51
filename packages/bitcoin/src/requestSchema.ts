/** The bip122 call a site sends through `cairn.request`: sats-connect's signMessage, BIP-322. */
export type BitcoinRequestFn = (args: { method: 'signMessage'; params: { message: string; address?: string } }) => Promise<{ address: string; signature: string }>;

declare module '@cairn/core' {
  interface CairnRequestSchemas {
    bip122: BitcoinRequestFn;
  }
}
