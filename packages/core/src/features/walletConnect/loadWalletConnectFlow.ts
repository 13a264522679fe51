/** The WalletConnect flow module (its own chunk). */
export const loadWalletConnectFlow = () => import('./walletConnectFlow.ts');
