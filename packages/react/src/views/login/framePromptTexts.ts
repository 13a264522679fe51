import type { FramePromptKind } from '@cairn/core';
import { msg } from '../../i18n/useT.ts';

/**
 * What ApproveTransaction says while it hosts the secure frame's screen, by what that screen asks:
 * a new wallet's recovery code to save is no request to approve.
 */
export const FRAME_PROMPT_TEXTS: Record<FramePromptKind, { title: string; hint: string }> = {
  approval: { title: msg('Approve'), hint: msg('Review the request in the secure frame above; only it can sign.') },
  protectWallet: { title: msg('Save your recovery code'), hint: msg('Write down the recovery code shown in the secure frame above; this site never sees it.') },
  recoverWallet: { title: msg('Open your wallet'), hint: msg('Enter your recovery code or passphrase in the secure frame above; this site never sees it.') },
  exportWallet: { title: msg('Export wallet'), hint: msg('Your recovery phrase shows only in the secure frame above; this site never sees it.') },
};
