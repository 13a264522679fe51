import type { EIP1193RequestFn, PublicRpcSchema, WalletRpcSchema } from 'viem';

/** The eip155 wallet calls a site sends through `cairn.request`: viem's public and wallet RPC schemas. */
export type EvmRequestFn = EIP1193RequestFn<[...PublicRpcSchema, ...WalletRpcSchema]>;

declare module '@cairn/core' {
  interface CairnRequestSchemas {
    eip155: EvmRequestFn;
  }
}
