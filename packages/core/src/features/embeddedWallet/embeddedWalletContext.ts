import { EmbeddedLoginText } from './embeddedLoginText.ts';
import type { CairnContext, EmbeddedWalletContext } from '../../context.ts';


export function requireEmbeddedWallet(ctx: CairnContext): EmbeddedWalletContext {
  if (!ctx.embeddedWallet) throw new Error(EmbeddedLoginText.notConfigured);
  return ctx.embeddedWallet;
}
