// `@cairn/solana/transaction`: the small legacy-transaction encoder the adapter, the devnet and
// the test wallet share.
export * from './bytes.ts';
export * from './message.ts';
export * from './instructions.ts';
export * from './programAddress.ts';
export * from './programs.ts';
export { base58Decode, base58Encode } from '../base58.ts';
