import type { RouteData, RouteEntry, ViewName } from '@cairn/core';

// The heading of each view; every dialog is labelled by it.
const TITLES: Record<ViewName, (data: RouteData | undefined) => string> = {
  Connect: () => 'Connect Wallet',
  ConnectingExternal: (data) => data?.connector?.name ?? 'Connecting',
  Account: () => 'Account',
  Networks: () => 'Choose Network',
  UnsupportedChain: () => 'Switch Network',
  SwitchNetwork: () => 'Switch Network',
  AllWallets: () => 'All Wallets',
  ConnectingWalletConnect: (data) => data?.wallet?.name ?? 'WalletConnect',
  ConnectingWalletConnectBasic: () => 'WalletConnect',
  ConnectingSiwe: () => 'Sign In',
  Activity: () => 'Activity',
  Send: () => 'Send',
  SendPreview: () => 'Review Send',
  Receive: () => 'Receive',
  Swap: () => 'Swap',
  SwapPreview: () => 'Review Swap',
  Buy: () => 'Buy',
  RegisterAccountName: () => 'Choose a Name',
  RegisterAccountNameSuccess: () => 'Name Registered',
};

export function viewTitle(entry: RouteEntry): string {
  return TITLES[entry.view](entry.data);
}
