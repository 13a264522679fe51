import type { CairnContext, EmbeddedWalletContext } from '../../context.ts';


export function requireEmbeddedWallet(ctx: CairnContext): EmbeddedWalletContext {
  if (!ctx.embeddedWallet) throw new Error('E-mail and social login need the `embeddedWallet` option');
  return ctx.embeddedWallet;
}
