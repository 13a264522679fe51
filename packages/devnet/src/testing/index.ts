// `@cairn/devnet/testing`: test support other packages share (never published).
export { readVector } from './readVector.ts';
export { waitFor } from './waitFor.ts';
export { useTestSolanaChain } from './useTestSolanaChain.ts';
export { POLKADOT_CHAIN_TIMEOUT_MS, useTestPolkadotChain } from './useTestPolkadotChain.ts';
export { useTestBitcoinChain } from './useTestBitcoinChain.ts';
export { useTestSmartAccountChain, type SmartAccountChain } from './useTestSmartAccountChain.ts';
export { toSessionKeyAccount } from './sessionKeyAccount.ts';
