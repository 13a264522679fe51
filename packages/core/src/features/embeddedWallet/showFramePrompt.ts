import type { CairnContext } from '../../context.ts';
import type { FramePromptKind } from './framePromptKind.ts';
import { land } from '../../actions/land.ts';

/**
 * The frame's own screen (an approval, a recovery code) opened or closed: the ApproveTransaction
 * view hosts it, over whatever the modal showed, named for what the screen asks; when it closes the modal goes back, and closes
 * again if the frame's screen was what opened it.
 */
export function showFramePrompt(ctx: CairnContext, open: boolean, kind: FramePromptKind = 'approval'): void {
  const wallet = ctx.embeddedWallet;
  if (!wallet) return;
  if (open) {
    wallet.openedModalForPrompt = !ctx.modal.get().open;
    wallet.store.set({ prompt: true, promptKind: kind });
    land(ctx, { kind: 'framePromptOpened', prompt: kind });
    return;
  }
  wallet.store.set({ prompt: false, promptKind: undefined });
  land(ctx, { kind: 'framePromptClosed', openedModal: wallet.openedModalForPrompt });
  wallet.openedModalForPrompt = false;
}
