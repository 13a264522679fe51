import { ErrorText } from '../../errors.ts';

// What the WalletConnect views say when pairing fails; tests and views name the same text.
export const WalletConnectText = {
  notConfigured: 'WalletConnect is not configured: pass `walletConnect: walletConnect({ projectId })` from @cairn/walletconnect to createCairn',
  rejected: ErrorText.connectionRejected,
  expired: 'The QR code expired',
  noAccounts: 'The wallet approved no account on the networks this site uses',
  failed: 'Could not reach WalletConnect',
} as const;
