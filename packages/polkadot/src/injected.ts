// The injected-extension protocol of `window.injectedWeb3` (what @polkadot/extension-inject
// defines and Polkadot{.js}, Talisman, SubWallet and others implement), typed here in the few
// lines this adapter calls, so a site installs no extension library for it.

export interface InjectedAccount {
  address: string;
  /** Set when the account is meant for one chain only. */
  genesisHash?: string | null;
  name?: string;
  type?: 'sr25519' | 'ed25519' | 'ecdsa' | 'ethereum' | string;
}

export interface SignerPayloadRaw {
  address: string;
  /** Hex of the bytes to sign; the extension signs them wrapped in <Bytes>…</Bytes>. */
  data: string;
  type: 'bytes' | 'payload';
}

export interface SignerResult {
  id: number;
  signature: `0x${string}`;
}

/** The signer an extension hands out; `signPayload` is what @polkadot/api calls for an extrinsic. */
export interface InjectedSigner {
  signRaw?(raw: SignerPayloadRaw): Promise<SignerResult>;
  signPayload?(payload: Record<string, unknown>): Promise<SignerResult>;
}

export interface Injected {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>;
    subscribe?(listener: (accounts: InjectedAccount[]) => void): () => void;
  };
  signer: InjectedSigner;
}

export interface InjectedWindowProvider {
  enable?(origin: string): Promise<Injected>;
  version?: string;
}

export type InjectedWeb3 = Record<string, InjectedWindowProvider>;

/** The extensions the page has, by their key in `window.injectedWeb3` (an own, enable-able entry). */
export function injectedExtensions(target: { injectedWeb3?: unknown } | undefined): [string, InjectedWindowProvider][] {
  const injected = target?.injectedWeb3;
  if (typeof injected !== 'object' || injected === null) return [];
  return Object.entries(injected as Record<string, unknown>).filter(
    (entry): entry is [string, InjectedWindowProvider] =>
      /^[\w.-]{1,64}$/.test(entry[0]) && typeof entry[1] === 'object' && entry[1] !== null && typeof (entry[1] as InjectedWindowProvider).enable === 'function',
  );
}

const KNOWN_NAMES: Record<string, string> = {
  'polkadot-js': 'Polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  'fearless-wallet': 'Fearless Wallet',
  enkrypt: 'Enkrypt',
  'nova-wallet': 'Nova Wallet',
  'cairn-test': 'Cairn Polkadot Extension',
};

/** What the Connect list shows for an extension's key. */
export function extensionName(key: string): string {
  return KNOWN_NAMES[key] ?? key;
}

/** Substrate accounts only: an extension may also hold Ethereum-type (H160) accounts. */
export function usableAccounts(accounts: readonly InjectedAccount[], isAddress: (address: string) => boolean): InjectedAccount[] {
  return accounts.filter((account) => typeof account?.address === 'string' && account.type !== 'ethereum' && isAddress(account.address));
}

/** Extensions refuse with texts of their own ('Cancelled', 'Rejected by user', …). */
export function isRefusal(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /cancel|reject|denied|declined|not allowed/i.test(message);
}
