import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import { base58, base64 } from '@scure/base';
import { decodeTransaction, serializeTransaction } from '@cairn/solana/transaction';
import { ProviderRpcError } from '../test-wallet/errors.ts';
import { createSiteAuthorization, registerStandardWallet } from '../wallet-standard/siteAuthorization.ts';

/** The Wallet Standard account shape (what `@wallet-standard/base` calls WalletAccount). */
export type SolanaWalletAccount = {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly `${string}:${string}`[];
  readonly features: readonly `${string}:${string}`[];
  readonly label?: string;
};

export type SolanaTestWalletOptions = {
  /** 32-byte ed25519 seed, hex (SOLANA_TEST_ACCOUNTS[i].secretKey). */
  secretKey: string;
  /** Wallet Standard chain (`solana:localnet`) -> RPC URL it sends through. */
  rpcUrls: Record<string, string>;
  name?: string;
  icon?: `data:image/${string}`;
  /** false: a wallet without `solana:signIn` (as many are), so a site signs in through signMessage. */
  signIn?: boolean;
  /** Where "this site is connected" is kept; localStorage in a page, so a reload stays connected. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
};

export const SOLANA_TEST_WALLET_ICON = ('data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7c3aed"/><path d="M8 11h14l2-3H10zm0 13h14l2-3H10zm16-6.5H10l-2-3h14z" fill="#fff"/></svg>')) as `data:image/${string}`;

const FEATURES = ['solana:signIn', 'solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const;

/** Wallet Standard `solana:signIn` input: every field optional; the wallet fills domain and address. */
export type SolanaSignInInput = {
  domain?: string;
  address?: string;
  statement?: string;
  uri?: string;
  version?: string;
  chainId?: string;
  nonce?: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: readonly string[];
};

/**
 * The Sign In With Solana text, as a wallet writes it (the SIWS layout: header, address, the
 * statement after a blank line, then the fields present, in order). Written here on its own, as a
 * wallet vendor would, so the site's and the server's reading is checked against another writer.
 */
export function signInWithSolanaText(input: SolanaSignInInput & { domain: string; address: string }): string {
  const fields = (
    [
      ['URI', input.uri],
      ['Version', input.version],
      ['Chain ID', input.chainId],
      ['Nonce', input.nonce],
      ['Issued At', input.issuedAt],
      ['Expiration Time', input.expirationTime],
      ['Not Before', input.notBefore],
      ['Request ID', input.requestId],
    ] as const
  ).flatMap(([name, value]) => (value === undefined ? [] : [`${name}: ${value}`]));
  if (input.resources?.length) fields.push('Resources:', ...input.resources.map((resource) => `- ${resource}`));
  const parts = [`${input.domain} wants you to sign in with your Solana account:\n${input.address}`];
  if (input.statement !== undefined) parts.push(input.statement);
  if (fields.length > 0) parts.push(fields.join('\n'));
  return parts.join('\n\n');
}


let nextRpcId = 1;
async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: nextRpcId++, method, params }) });
  const reply = (await response.json()) as { result?: T; error?: { code: number; message: string } };
  if (reply.error) throw new ProviderRpcError(reply.error.code, reply.error.message);
  return reply.result as T;
}

/**
 * A Wallet Standard Solana wallet with one ed25519 key, as a browser extension would register:
 * standard:connect / disconnect / events, solana:signMessage, solana:signTransaction and
 * solana:signAndSendTransaction (legacy transactions, sent through its own RPC URLs). The test
 * controls (rejectNext, setAccount, disconnect, getState) stand for what a user does in it.
 */
export function createSolanaTestWallet(options: SolanaTestWalletOptions) {
  const name = options.name ?? 'Cairn Solana Wallet';
  const chains = Object.keys(options.rpcUrls) as `${string}:${string}`[];
  const storageKey = `cairn-solana-test-wallet:${name}:authorized`;
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  let secret = hexToBytes(options.secretKey);
  let account = accountOf(secret);
  const site = createSiteAuthorization<SolanaWalletAccount>({ storage, storageKey, accounts: () => [account] });
  const { prompt, emit } = site;
  let signIns = 0;

  function accountOf(key: Uint8Array): SolanaWalletAccount {
    const publicKey = ed25519.getPublicKey(key);
    return Object.freeze({ address: base58.encode(publicKey), publicKey, chains, features: FEATURES.filter((name) => options.signIn !== false || name !== 'solana:signIn') });
  }
  const requireAccount = (requested: { address: string }) => {
    if (!site.authorized) throw new ProviderRpcError(4100, 'The site is not connected to this wallet.');
    if (requested.address !== account.address) throw new ProviderRpcError(4100, `This wallet does not hold ${requested.address}.`);
  };
  const sign = (transaction: Uint8Array): Uint8Array => {
    const decoded = decodeTransaction(transaction);
    const slot = decoded.accountKeys.slice(0, decoded.signerCount).indexOf(account.address);
    if (slot < 0) throw new ProviderRpcError(-32602, 'The transaction is not for this wallet’s account.');
    const signatures = decoded.signatures.slice();
    signatures[slot] = ed25519.sign(decoded.message, secret);
    return serializeTransaction(decoded.message, signatures);
  };
  const rpcUrlFor = (chain: string | undefined) => {
    const url = chain ? options.rpcUrls[chain] : Object.values(options.rpcUrls)[0];
    if (!url) throw new ProviderRpcError(-32602, `This wallet has no RPC for ${chain}.`);
    return url;
  };

  const wallet = {
    version: '1.0.0' as const,
    name,
    icon: options.icon ?? SOLANA_TEST_WALLET_ICON,
    chains,
    get accounts() {
      return site.accounts();
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!site.authorized && input?.silent) return { accounts: [] };
          site.approve();
          return { accounts: site.accounts() };
        },
      },
      ...site.standardFeatures,
      'solana:signIn': {
        version: '1.0.0',
        async signIn(...inputs: SolanaSignInInput[]) {
          if (!site.authorized) throw new ProviderRpcError(4100, 'The site is not connected to this wallet.');
          for (const input of inputs) if (input.address !== undefined) requireAccount({ address: input.address });
          prompt();
          return inputs.map((input) => {
            const domain = input.domain ?? (typeof location === 'undefined' ? 'localhost' : location.host);
            const signedMessage = new TextEncoder().encode(signInWithSolanaText({ ...input, domain, address: account.address }));
            signIns += 1;
            return { account, signedMessage, signature: ed25519.sign(signedMessage, secret), signatureType: 'ed25519' as const };
          });
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
          for (const input of inputs) requireAccount(input.account);
          prompt();
          return inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, secret) }));
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        async signTransaction(...inputs: { account: { address: string }; transaction: Uint8Array }[]) {
          for (const input of inputs) requireAccount(input.account);
          prompt();
          return inputs.map(({ transaction }) => ({ signedTransaction: sign(transaction) }));
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        async signAndSendTransaction(...inputs: { account: { address: string }; chain: string; transaction: Uint8Array }[]) {
          for (const input of inputs) requireAccount(input.account);
          prompt();
          const results: { signature: Uint8Array }[] = [];
          for (const input of inputs) {
            const signed = sign(input.transaction);
            const signature = await rpc<string>(rpcUrlFor(input.chain), 'sendTransaction', [base64.encode(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }]);
            results.push({ signature: base58.decode(signature) });
          }
          return results;
        },
      },
    },

    /** Test control: the next prompt (connect, sign, send) fails with 4001; calls add up. */
    rejectNext() {
      site.rejectNext();
    },
    /** Test control: switch to another key; a connected site sees the change event. */
    setAccount(secretKey: string) {
      secret = hexToBytes(secretKey);
      account = accountOf(secret);
      if (site.authorized) emit();
    },
    /** Test control: the user disconnects the site in the wallet. */
    disconnect() {
      site.revoke();
    },
    getState: () => ({ address: account.address, authorized: site.authorized, signIns }),
  };
  if (options.signIn === false) delete (wallet.features as Partial<typeof wallet.features>)['solana:signIn'];
  return wallet;
}

export type SolanaTestWallet = ReturnType<typeof createSolanaTestWallet>;

/** Registers the wallet through the Wallet Standard's handshake. */
export function registerSolanaTestWallet(wallet: SolanaTestWallet, target: Window): void {
  registerStandardWallet(wallet, target, 'Solana test wallet');
}
