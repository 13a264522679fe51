import type { CairnContext } from '../../context.ts';

/** SPEC §2: basic mode shows the QR code alone (ConnectingWalletConnectBasic). */
export const walletConnectView = (ctx: CairnContext) =>
  ctx.options.walletConnect?.basic ? ('ConnectingWalletConnectBasic' as const) : ('ConnectingWalletConnect' as const);
