import { EmbeddedLoginText } from './embeddedLoginText.ts';
import type { CairnContext } from '../../context.ts';
import type { EmbeddedLoginStore } from './embeddedLogin.ts';
import type { EmbeddedWalletClient } from './embeddedWalletPlugin.ts';

/** The e-mail and social login's part of the context, when the site configures the secure frame. */
export interface EmbeddedWalletContext {
  store: EmbeddedLoginStore;
  /** The frame client, loaded (its own chunk) and its frame mounted on first use, then shared. */
  load(): Promise<EmbeddedWalletClient>;
  /** The frame client once loaded, else undefined (nothing to sync or place before it is). */
  loaded(): EmbeddedWalletClient | undefined;
  /** The frame's own screen opened the modal (it closes again after). */
  openedModalForPrompt: boolean;
}


export function requireEmbeddedWallet(ctx: CairnContext): EmbeddedWalletContext {
  if (!ctx.embeddedWallet) throw new Error(EmbeddedLoginText.notConfigured);
  return ctx.embeddedWallet;
}
