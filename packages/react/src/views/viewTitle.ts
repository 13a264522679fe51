import type { RouteData, RouteEntry, ViewName } from '@cairn/core';
import { FEATURE_VIEWS } from '../features/features.ts';
import { msg } from '../i18n/useT.ts';

// The heading of each view; every dialog is labelled by it.
const CORE_TITLES: Partial<Record<ViewName, (data: RouteData | undefined) => string>> = {
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
  ApproveTransaction: () => msg('Approve'),
  Activity: () => msg('Activity'),
  RegisterAccountName: () => msg('Choose a Name'),
  RegisterAccountNameSuccess: () => msg('Name Registered'),
};

export function viewTitle(entry: RouteEntry): string {
  return (FEATURE_VIEWS[entry.view]?.title ?? CORE_TITLES[entry.view])?.(entry.data) ?? '';
}
