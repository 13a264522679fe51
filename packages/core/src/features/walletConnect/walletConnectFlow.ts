// The WalletConnect flow, loaded when a visitor picks WalletConnect or comes back to a session:
// a page whose visitors use browser wallets never pays for it.
export { startWalletConnect, type StartWalletConnectOptions } from './startWalletConnect.ts';
export { restoreWalletConnect } from './restoreWalletConnect.ts';
export { endWalletConnectSession, detachWalletConnect } from './endWalletConnectSession.ts';
export { followWalletConnectSession } from './followWalletConnectSession.ts';
