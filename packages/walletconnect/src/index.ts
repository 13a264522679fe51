// The site's entry: small, and free of WalletConnect's protocol code (fetched by createClient).
export { walletConnect, type WalletConnectOptions } from './walletConnect.ts';
export { PairingError, toPairingError, toProviderError, type PairingFailure } from './walletConnectErrors.ts';
export type * from './types.ts';
