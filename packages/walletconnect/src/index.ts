export { createWalletConnectClient } from './createWalletConnectClient.ts';
export { NoAttestationVerify } from './noAttestationVerify.ts';
export { keepOnSelfHostedRelay } from './keepOnSelfHostedRelay.ts';
export { PairingError, toPairingError, toProviderError, type PairingFailure } from './walletConnectErrors.ts';
export type * from './types.ts';
