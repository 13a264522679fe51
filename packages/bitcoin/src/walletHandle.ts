import type { Connector } from '@cairn/core';

/** SPEC §4: bip122 accounts are payment (the preferred type) or ordinals addresses. */
export type BitcoinPurpose = 'payment' | 'ordinals';

export interface BitcoinWalletAccount {
  address: string;
  purpose: BitcoinPurpose;
  /** Hex or bytes, as the wallet gave it; x-only for a taproot key. */
  publicKey?: string | Uint8Array;
}

/**
 * One wallet, however it was found (WBIP004 `btc_providers` or the Wallet Standard): what the
 * adapter asks of it. Errors a visitor causes (declining) carry code 4001.
 */
export interface BitcoinWalletHandle {
  readonly connector: Connector;
  /** `silent`: only when the site is already trusted; undefined when it is not. */
  connect(silent: boolean): Promise<readonly BitcoinWalletAccount[] | undefined>;
  disconnect(): Promise<void>;
  /** A BIP-322 (or, for some wallets' payment keys, legacy) signature, base64 as the wallet gives it. */
  signMessage(account: BitcoinWalletAccount, message: string): Promise<string>;
  /** The wallet builds, signs and broadcasts the transfer itself (WBIP004 `sendTransfer`). */
  sendTransfer?(account: BitcoinWalletAccount, receiver: string, amount: bigint): Promise<string>;
  /** Signs the given inputs of a PSBT and returns it (Wallet Standard `bitcoin:signTransaction`). */
  signPsbt?(account: BitcoinWalletAccount, psbt: Uint8Array, inputIndexes: readonly number[]): Promise<Uint8Array>;
  onAccountsChanged?(listener: (accounts: readonly BitcoinWalletAccount[]) => void): () => void;
}

export const USER_REJECTED = 4001;

export class BitcoinWalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'BitcoinWalletError';
  }
}

/** The purpose a wallet did not state, from the address: taproot holds ordinals, the rest pays. */
export const purposeOf = (address: string, stated?: unknown): BitcoinPurpose =>
  stated === 'payment' || stated === 'ordinals' ? stated : /^(bc|tb|bcrt)1p/i.test(address) ? 'ordinals' : 'payment';
