import type { Caip122MessageFields } from '@cairn/core/signIn';
import type { Wallet, WalletAccount } from '@wallet-standard/base';

// The Wallet Standard features this adapter calls, by their standard names. Typed here (a few
// lines) rather than through @solana/wallet-standard-features, which a site would then install.

export type ConnectFeature = { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> };
export type DisconnectFeature = { disconnect(): Promise<void> };
export type EventsFeature = {
  on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[]; chains?: readonly string[] }) => void): () => void;
};
export type SignMessageFeature = {
  signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
};
/** Wallet Standard `solana:signIn` (Sign In With Solana): the wallet writes the message from the input, every field optional. */
export type SignInInput = Partial<Caip122MessageFields>;
export type SignInFeature = {
  signIn(...inputs: SignInInput[]): Promise<readonly { account: WalletAccount; signedMessage: Uint8Array; signature: Uint8Array; signatureType?: string }[]>;
};
export type SignAndSendTransactionFeature = {
  signAndSendTransaction(
    ...inputs: { account: WalletAccount; chain: string; transaction: Uint8Array; options?: { commitment?: string } }[]
  ): Promise<readonly { signature: Uint8Array }[]>;
};
export type SignTransactionFeature = {
  signTransaction(...inputs: { account: WalletAccount; chain?: string; transaction: Uint8Array }[]): Promise<readonly { signedTransaction: Uint8Array }[]>;
};

export const CONNECT = 'standard:connect';
export const DISCONNECT = 'standard:disconnect';
export const EVENTS = 'standard:events';
export const SIGN_MESSAGE = 'solana:signMessage';
export const SIGN_IN = 'solana:signIn';
export const SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction';
export const SIGN_TRANSACTION = 'solana:signTransaction';

export function feature<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, unknown>)[name] as T | undefined;
}

/** A wallet Cairn can use on solana: it connects, holds solana chains and can sign a transaction. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return (
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    feature(wallet, CONNECT) !== undefined &&
    (feature(wallet, SIGN_AND_SEND_TRANSACTION) !== undefined || feature(wallet, SIGN_TRANSACTION) !== undefined)
  );
}

/** The connector id of a Wallet Standard wallet: its name, which stays the same across reloads. */
export const connectorIdOf = (wallet: Wallet) => `wallet-standard:${wallet.name}`;
