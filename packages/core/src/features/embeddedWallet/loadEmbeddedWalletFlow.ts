/** The e-mail / social login flow (its own chunk): a page whose visitors use wallets never pays for it. */
export const loadEmbeddedWalletFlow = () => import('./embeddedWalletFlow.ts');
