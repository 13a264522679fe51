import type { CoreViewName, FramePromptKind, RouteData, RouteEntry } from '@cairn/core';
import { FEATURE_VIEWS } from '../features/features.ts';
import { msg } from '../i18n/useT.ts';


// ApproveTransaction is named for what the secure frame's screen asks: a new wallet's recovery code
// to save is no request to approve.
const FRAME_PROMPT_TITLES: Record<FramePromptKind, string> = {
  approval: msg('Approve'),
  protectWallet: msg('Save your recovery code'),
  recoverWallet: msg('Open your wallet'),
  exportWallet: msg('Export wallet'),
};

// The heading of each view; every dialog is labelled by it. The wallet features' are in their
// folders (features/features.ts).
const CORE_TITLES: Record<CoreViewName, (data: RouteData | undefined) => string> = {
  Connect: () => msg('Connect Wallet'),
  ConnectingExternal: (data) => data?.connector?.name ?? msg('Connecting'),
  Account: () => msg('Account'),
  EmailVerifyOtp: () => msg('Confirm Email'),
  UpdateEmailWallet: () => msg('Edit email'),
  UpdateEmailPrimaryOtp: () => msg('Confirm current email'),
  UpdateEmailSecondaryOtp: () => msg('Confirm new email'),
  ConnectingSocial: () => msg('Log In'),
  ConnectingFarcaster: () => msg('Sign In With Farcaster'),
  ApproveTransaction: (data) => FRAME_PROMPT_TITLES[data?.framePrompt ?? 'approval'],
};

export function viewTitle(entry: RouteEntry): string {
  const title = entry.view in CORE_TITLES ? CORE_TITLES[entry.view as CoreViewName] : FEATURE_VIEWS[entry.view]?.title;
  return title?.(entry.data) ?? '';
}
