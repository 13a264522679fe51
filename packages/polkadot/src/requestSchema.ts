/** The polkadot wallet call a site sends through `cairn.request` (CAIP-25's method name). */
export type PolkadotRequestFn = (args: {
  method: 'polkadot_signMessage';
  /** `address` defaults to the connected account. */
  params: { message: string; address?: string };
}) => Promise<{ signature: `0x${string}` }>;

declare module '@cairn/core' {
  interface CairnRequestSchemas {
    polkadot: PolkadotRequestFn;
  }
}
