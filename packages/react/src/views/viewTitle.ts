import type { RouteData, RouteEntry } from '@cairn/core';
import type { CoreViewName } from '@cairn/core/internal';
import { FEATURE_VIEWS } from '../features/features.ts';
import { msg } from '../i18n/useT.ts';
import { FRAME_PROMPT_TEXTS } from './login/framePromptTexts.ts';

// The heading of each view; every dialog is labelled by it. The wallet features' are in their
// folders (features/features.ts).
const CORE_TITLES: Record<CoreViewName, (data: RouteData | undefined) => string> = {
  Connect: () => msg('Connect Wallet'),
  ConnectingExternal: (data) => data?.connector?.name ?? msg('Connecting'),
  Account: () => msg('Account'),
  Networks: () => msg('Choose Network'),
  UnsupportedChain: () => msg('Switch Network'),
  SwitchNetwork: () => msg('Switch Network'),
  AllWallets: () => msg('All Wallets'),
  ConnectingWalletConnect: (data) => data?.wallet?.name ?? msg('WalletConnect'),
  ConnectingWalletConnectBasic: () => msg('WalletConnect'),
  ConnectingSiwe: () => msg('Sign In'),
  EmailVerifyOtp: () => msg('Confirm Email'),
  ConnectingSocial: () => msg('Log In'),
  ApproveTransaction: (data) => FRAME_PROMPT_TEXTS[data?.framePrompt ?? 'approval'].title,
};

export function viewTitle(entry: RouteEntry): string {
  const title = entry.view in CORE_TITLES ? CORE_TITLES[entry.view as CoreViewName] : FEATURE_VIEWS[entry.view]?.title;
  return title?.(entry.data) ?? '';
}
