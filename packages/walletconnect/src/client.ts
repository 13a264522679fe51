// `@cairn/walletconnect/client`: the protocol client itself, and what a wallet built on
// WalletConnect's SDK needs to stay on a self-hosted relay (the demo's web wallet, tests).
export { createWalletConnectClient, RELAY_TIMEOUT_MS, RELAY_TIMEOUT_MESSAGE } from './createWalletConnectClient.ts';
export { NoAttestationVerify } from './noAttestationVerify.ts';
export { keepOnSelfHostedRelay } from './keepOnSelfHostedRelay.ts';
