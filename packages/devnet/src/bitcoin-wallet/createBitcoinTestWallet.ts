import { signBip322 } from '@cairn/bitcoin/bip322';
import { createEsploraClient } from '@cairn/bitcoin/esplora';
import { planTransfer } from '@cairn/bitcoin/transfer';
import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { hexToBytes } from '@noble/hashes/utils';
import { base64, hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { bitcoinAccountFromKey } from '../bitcoin/bitcoinAccounts.ts';
import { ProviderRpcError } from '../test-wallet/errors.ts';
import { createSiteAuthorization, registerStandardWallet } from '../wallet-standard/siteAuthorization.ts';

/** A Wallet Standard account, with the purpose the adapter reads (payment or ordinals). */
export type BitcoinWalletAccount = {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly `${string}:${string}`[];
  readonly features: readonly `${string}:${string}`[];
  readonly purpose: 'payment' | 'ordinals';
};

export type BitcoinTestWalletOptions = {
  /** 32-byte secp256k1 key, hex (BITCOIN_TEST_ACCOUNTS[i].secretKey): P2WPKH payment, P2TR ordinals. */
  secretKey: string;
  /** The Esplora API of the local regtest chain: UTXOs for sends, and where they are broadcast. */
  esploraUrl: string;
  name?: string;
  icon?: `data:image/${string}`;
  /** Register through WBIP004 `btc_providers` (default true) and the Wallet Standard (default true). */
  wbip004?: boolean;
  walletStandard?: boolean;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
};

export const BITCOIN_TEST_WALLET_ICON = ('data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><path d="M12 8v16M16 8v16M10 10h8a3 3 0 010 6h-8m0 0h9a3 3 0 010 6h-9" stroke="#fff" stroke-width="2" fill="none"/></svg>')) as `data:image/${string}`;

const CHAIN = 'bitcoin:regtest' as const;
const FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const;
/** sats-connect's code for a declined request. */
const WBIP004_REJECTED = -32000;
const FEE_RATE = 2n; // sat/vB: above regtest's 1 sat/vB relay floor

/**
 * A Bitcoin wallet with one secp256k1 key on regtest, as a browser extension would inject it:
 * WBIP004 (`window.btc_providers` + a `request(method, params)` provider, the methods sats-connect
 * sends) and the Wallet Standard (`bitcoin:connect`, `bitcoin:signMessage` with BIP-322,
 * `bitcoin:signTransaction` for PSBTs, `standard:disconnect`/`events`). Sends are built from the
 * chain's UTXOs, signed and broadcast through its Esplora URL. The test controls (rejectNext,
 * disconnect, getState) stand for what a user does in it.
 */
export function createBitcoinTestWallet(options: BitcoinTestWalletOptions) {
  const name = options.name ?? 'Cairn Bitcoin Wallet';
  const storageKey = `cairn-bitcoin-test-wallet:${name}:authorized`;
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const secret = hexToBytes(options.secretKey);
  const keys = bitcoinAccountFromKey(secret);
  const esplora = createEsploraClient({ url: options.esploraUrl });
  const signed: string[] = [];

  const standardAccounts: readonly BitcoinWalletAccount[] = [
    Object.freeze({ address: keys.payment, publicKey: secp256k1.getPublicKey(secret, true), chains: [CHAIN], features: FEATURES, purpose: 'payment' as const }),
    Object.freeze({ address: keys.ordinals, publicKey: schnorr.getPublicKey(secret), chains: [CHAIN], features: FEATURES, purpose: 'ordinals' as const }),
  ];
  const site = createSiteAuthorization<BitcoinWalletAccount>({ storage, storageKey, accounts: () => standardAccounts });
  const { prompt } = site;
  const requireAddress = (address: unknown) => {
    if (!site.authorized) throw new ProviderRpcError(4100, 'The site is not connected to this wallet.');
    if (address !== keys.payment && address !== keys.ordinals) throw new ProviderRpcError(4100, `This wallet does not hold ${String(address)}.`);
    return address as string;
  };
  const signMessage = (address: string, message: string) => {
    const signature = signBip322({ message, privateKey: secret, address, network: 'regtest' });
    signed.push(message);
    return signature;
  };
  const transfer = async (receiver: string, amount: bigint) => {
    const utxos = await esplora.getUtxos(keys.payment);
    const plan = planTransfer({ utxos, from: keys.payment, receiver, amount, feeRate: FEE_RATE, network: 'regtest' });
    const tx = Transaction.fromPSBT(plan.psbt);
    tx.sign(secret);
    tx.finalize();
    return esplora.broadcast(hex.encode(tx.extract()));
  };
  const publicAccount = (account: BitcoinWalletAccount) => ({ address: account.address, publicKey: hex.encode(account.publicKey), purpose: account.purpose, addressType: account.purpose === 'payment' ? 'p2wpkh' : 'p2tr' });

  /** WBIP004 provider: JSON-RPC 2.0 envelopes, as sats-connect expects them. */
  let nextId = 1;
  const provider = {
    async request(method: string, params?: Record<string, unknown>) {
      const id = String(nextId++);
      try {
        return { jsonrpc: '2.0', id, result: await answer(method, params ?? {}) };
      } catch (error) {
        const code = (error as { code?: number }).code === 4001 ? WBIP004_REJECTED : ((error as { code?: number }).code ?? -32603);
        return { jsonrpc: '2.0', id, error: { code, message: (error as Error).message } };
      }
    },
  };
  async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'getAccounts':
        site.approve();
        return standardAccounts.map(publicAccount);
      case 'wallet_getAccount':
        if (!site.authorized) throw new ProviderRpcError(4100, 'The site is not connected to this wallet.');
        return { addresses: standardAccounts.map(publicAccount) };
      case 'wallet_renouncePermissions':
        site.revoke();
        return null;
      case 'signMessage': {
        const address = requireAddress(params.address);
        if (typeof params.message !== 'string') throw new ProviderRpcError(-32602, 'message is a string');
        prompt();
        return { signature: signMessage(address, params.message), address, protocol: 'BIP322' };
      }
      case 'sendTransfer': {
        requireAddress(keys.payment);
        const [recipient] = Array.isArray(params.recipients) ? (params.recipients as { address?: unknown; amount?: unknown }[]) : [];
        if (typeof recipient?.address !== 'string' || typeof recipient.amount !== 'number' || !Number.isSafeInteger(recipient.amount)) throw new ProviderRpcError(-32602, 'recipients: [{ address, amount }]');
        prompt();
        return { txid: await transfer(recipient.address, BigInt(recipient.amount)) };
      }
      default:
        throw new ProviderRpcError(-32601, `Method not found: ${method}`);
    }
  }

  const wallet = {
    version: '1.0.0' as const,
    name,
    icon: options.icon ?? BITCOIN_TEST_WALLET_ICON,
    chains: [CHAIN] as const,
    get accounts() {
      return site.accounts();
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect(_input?: { purposes?: readonly string[] }) {
          site.approve();
          return { accounts: site.accounts() };
        },
      },
      ...site.standardFeatures,
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
          for (const input of inputs) requireAddress(input.account.address);
          prompt();
          return inputs.map(({ account, message }) => ({
            signedMessage: message,
            // The simple BIP-322 witness, as bytes (the base64 after the `smp` prefix).
            signature: base64.decode(signMessage(account.address, new TextDecoder().decode(message)).slice(3)),
          }));
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(...inputs: { psbt: Uint8Array; inputsToSign: { account: { address: string }; signingIndexes: number[] }[] }[]) {
          for (const input of inputs) for (const entry of input.inputsToSign) requireAddress(entry.account.address);
          prompt();
          return inputs.map(({ psbt, inputsToSign }) => {
            const tx = Transaction.fromPSBT(psbt);
            for (const index of inputsToSign.flatMap((entry) => entry.signingIndexes)) tx.signIdx(secret, index);
            return { signedPsbt: tx.toPSBT() };
          });
        },
      },
    },
  };

  return {
    wallet,
    provider,
    name,
    options,
    /** Test controls. */
    rejectNext(count = 1) {
      site.rejectNext(count);
    },
    disconnect() {
      site.revoke();
    },
    getState() {
      return { authorized: site.authorized, payment: keys.payment, ordinals: keys.ordinals, signedMessages: [...signed], pendingRejections: site.pendingRejections };
    },
    transfer,
  };
}

export type BitcoinTestWallet = ReturnType<typeof createBitcoinTestWallet>;

/**
 * Makes the wallet findable in `target` (a window) as an extension would: the provider at
 * `target.CairnBitcoinTestWallets[i]` listed in `btc_providers` (WBIP004), and a Wallet Standard
 * registration.
 */
export function registerBitcoinTestWallet(testWallet: BitcoinTestWallet, target: Window, index = 0): void {
  const holder = target as unknown as { CairnBitcoinTestWallets?: Record<string, unknown>; btc_providers?: unknown[] };
  if (testWallet.options.wbip004 !== false) {
    holder.CairnBitcoinTestWallets ??= {};
    holder.CairnBitcoinTestWallets[`w${index}`] = testWallet.provider;
    holder.btc_providers ??= [];
    holder.btc_providers.push({ id: `CairnBitcoinTestWallets.w${index}`, name: testWallet.name, icon: testWallet.wallet.icon, webUrl: 'https://cairn.invalid' });
  }
  if (testWallet.options.walletStandard !== false) registerStandardWallet(testWallet.wallet, target, 'Bitcoin test wallet');
}
