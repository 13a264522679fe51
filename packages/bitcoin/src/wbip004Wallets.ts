import { base64 } from '@scure/base';
import { BitcoinWalletError, purposeOf, USER_REJECTED, type BitcoinWalletAccount, type BitcoinWalletHandle } from './walletHandle.ts';

// WBIP004: wallets list themselves in `window.btc_providers` ({ id, name, icon, ... }); `id` is the
// dotted path of the provider object on `window`, whose `request(method, params)` answers with a
// JSON-RPC 2.0 envelope. The methods are the ones sats-connect sends (getAccounts, signMessage, ...).

interface ProviderEntry {
  id: string;
  name: string;
  icon?: string;
}
interface RpcEnvelope {
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}
interface Wbip004Provider {
  request(method: string, params?: unknown): Promise<RpcEnvelope>;
}

/** sats-connect's "user rejected" code, besides EIP-1193's 4001. */
const SATS_CONNECT_USER_REJECTION = -32000;
const MAX_PROVIDERS = 20;

function providerAt(root: object, path: string): Wbip004Provider | undefined {
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,4}$/.test(path)) return undefined;
  let node: unknown = root;
  for (const key of path.split('.')) {
    if (key === '__proto__' || key === 'prototype' || key === 'constructor') return undefined;
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return typeof node === 'object' && node !== null && typeof (node as Wbip004Provider).request === 'function' ? (node as Wbip004Provider) : undefined;
}

function accountsOf(result: unknown): BitcoinWalletAccount[] {
  const list = Array.isArray(result) ? result : Array.isArray((result as { addresses?: unknown })?.addresses) ? (result as { addresses: unknown[] }).addresses : [];
  return list
    .filter((entry): entry is { address: string; purpose?: unknown; publicKey?: unknown } => typeof (entry as { address?: unknown })?.address === 'string')
    .map((entry) => ({
      address: entry.address,
      purpose: purposeOf(entry.address, entry.purpose),
      ...(typeof entry.publicKey === 'string' ? { publicKey: entry.publicKey } : {}),
    }));
}

/** The WBIP004 wallets `root` (the page's window) lists now. */
export function wbip004Wallets(root: object): BitcoinWalletHandle[] {
  const entries = (root as { btc_providers?: unknown }).btc_providers;
  if (!Array.isArray(entries)) return [];
  const handles: BitcoinWalletHandle[] = [];
  for (const entry of entries.slice(0, MAX_PROVIDERS) as ProviderEntry[]) {
    if (typeof entry?.id !== 'string' || typeof entry.name !== 'string') continue;
    const provider = providerAt(root, entry.id);
    if (provider) handles.push(wbip004Wallet(entry, provider));
  }
  return handles;
}

function wbip004Wallet(entry: ProviderEntry, provider: Wbip004Provider): BitcoinWalletHandle {
  const call = async (method: string, params?: unknown): Promise<unknown> => {
    const reply = await provider.request(method, params);
    if (reply?.error) {
      const code = reply.error.code === SATS_CONNECT_USER_REJECTION || reply.error.code === USER_REJECTED ? USER_REJECTED : Number(reply.error.code) || -1;
      throw new BitcoinWalletError(code, typeof reply.error.message === 'string' ? reply.error.message : `${entry.name} refused ${method}`);
    }
    return reply?.result;
  };
  return {
    connector: {
      id: `wbip004:${entry.id}`,
      name: entry.name,
      type: 'INJECTED',
      chain: 'bip122',
      ...(typeof entry.icon === 'string' && /^data:image\//.test(entry.icon) ? { imageUrl: entry.icon } : {}),
    },
    async connect(silent) {
      if (silent) {
        try {
          return accountsOf(await call('wallet_getAccount'));
        } catch {
          return undefined; // not trusted (or no such method): no prompt on a reload
        }
      }
      return accountsOf(await call('getAccounts', { purposes: ['payment', 'ordinals'] }));
    },
    async disconnect() {
      await call('wallet_renouncePermissions').catch(() => undefined);
    },
    async signMessage(account, message) {
      const result = (await call('signMessage', { address: account.address, message, protocol: 'BIP322' })) as { signature?: unknown };
      if (typeof result?.signature !== 'string') throw new Error(`${entry.name} returned no signature`);
      base64.decode(result.signature.replace(/^smp/, '')); // base64, or it is not a signature
      return result.signature;
    },
    async sendTransfer(_account, receiver, amount) {
      if (amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('Amount too large');
      const result = (await call('sendTransfer', { recipients: [{ address: receiver, amount: Number(amount) }] })) as { txid?: unknown };
      if (typeof result?.txid !== 'string' || !/^[0-9a-f]{64}$/.test(result.txid)) throw new Error(`${entry.name} returned no transaction id`);
      return result.txid;
    },
  };
}
