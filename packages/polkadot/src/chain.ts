// Reading the chain and sending transfers through @polkadot/api: the large part of this package,
// a chunk of its own fetched only when a balance, a fee or a send is needed.
import { ApiPromise, WsProvider } from '@polkadot/api';
// The substrate pallets' types (system.account, balances.transferKeepAlive): types only, nothing at runtime.
import type {} from '@polkadot/api-augment';
import type { Balance, CaipNetwork, SendParams } from '@cairn/core';
import { formatUnits } from '@cairn/core/internal';
import type { InjectedSigner } from './injected.ts';
import { asUserRejection } from './rejection.ts';
import { normalizePolkadotAddress } from './ss58.ts';

const CONNECT_TIMEOUT_MS = 15_000;
const apis = new Map<string, Promise<ApiPromise>>();

function rpcUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0];
  if (!url) throw new Error(`Polkadot network ${network.name} has no RPC URL`);
  return url;
}

/** One connection per node, opened on first need; a failed one is tried afresh next time. */
export function apiFor(network: CaipNetwork): Promise<ApiPromise> {
  const url = rpcUrlOf(network);
  let api = apis.get(url);
  if (!api) {
    const provider = new WsProvider(url, 2_500, {}, CONNECT_TIMEOUT_MS);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The Polkadot node at ${url} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
    });
    api = Promise.race([ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true }), timeout]).then(
      (ready) => {
        clearTimeout(timer);
        return ready;
      },
      async (error: unknown) => {
        clearTimeout(timer);
        apis.delete(url);
        await provider.disconnect().catch(() => undefined);
        throw error;
      },
    );
    apis.set(url, api);
  }
  return api;
}

/**
 * The node's api, once it agrees with the site's declaration of the coin: a network declared with
 * other decimals than the chain's would show and send amounts off by powers of ten.
 */
async function checkedApi(network: CaipNetwork): Promise<ApiPromise> {
  const api = await apiFor(network);
  const [chainDecimals] = api.registry.chainDecimals;
  if (chainDecimals !== undefined && chainDecimals !== network.nativeCurrency.decimals) {
    throw new Error(`Polkadot network ${network.name} is declared with ${network.nativeCurrency.decimals} decimals, but its node says ${chainDecimals}`);
  }
  return api;
}

/** The account's free balance (system.account), in the network's coin. */
export async function getPolkadotBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<Balance> {
  const api = await checkedApi(network);
  const account = await api.query.system.account(normalizePolkadotAddress(address));
  const value = account.data.free.toBigInt();
  const { decimals, symbol } = network.nativeCurrency;
  return { value, decimals, symbol, formatted: formatUnits(value, decimals) };
}

function transfer(api: ApiPromise, params: SendParams) {
  if (params.token) throw new Error('Only the native coin can be sent on Polkadot networks');
  if (typeof params.amount !== 'bigint' || params.amount <= 0n) throw new Error('The amount must be above zero');
  // Keep-alive: a send never reaps the sender's account below the existential deposit.
  return api.tx.balances.transferKeepAlive(normalizePolkadotAddress(params.receiver), params.amount);
}

/** The fee of the transfer, in the smallest unit of the coin (the node's payment info). */
export async function estimatePolkadotSend(params: SendParams): Promise<bigint> {
  const api = await checkedApi(params.network);
  const info = await transfer(api, params).paymentInfo(normalizePolkadotAddress(params.from));
  return info.partialFee.toBigInt();
}

/** Transactions this page sent, until they are in a block: success, or reverted when the call failed. */
const inclusions = new Map<string, Promise<'success' | 'reverted'>>();

/**
 * Signs the transfer with the extension's signer (signPayload) and submits it; resolves with the
 * extrinsic's hash once the node has taken it. Its inclusion is then watched for waitForPolkadotTransaction.
 */
export async function sendPolkadotTransfer(params: SendParams & { signer: InjectedSigner }): Promise<string> {
  const api = await checkedApi(params.network);
  const extrinsic = transfer(api, params);
  return new Promise<string>((resolveHash, rejectHash) => {
    let hash: string | undefined;
    let settle: ((status: 'success' | 'reverted') => void) | undefined;
    let fail: ((error: Error) => void) | undefined;
    const included = new Promise<'success' | 'reverted'>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    // Kept for a while after it settles (Activity's pending entry asks once), then let go.
    included.then(forget, forget);
    function forget() {
      setTimeout(() => hash && inclusions.delete(hash), 10 * 60_000);
    }
    let unsubscribe: (() => void) | undefined;
    extrinsic
      .signAndSend(normalizePolkadotAddress(params.from), { signer: params.signer as never }, (result) => {
        if (!hash) {
          hash = result.txHash.toHex();
          inclusions.set(hash, included);
          resolveHash(hash);
        }
        const { status, dispatchError } = result;
        if (status.isInBlock || status.isFinalized) {
          settle?.(dispatchError ? 'reverted' : 'success');
          unsubscribe?.();
        } else if (status.isInvalid || status.isDropped || status.isUsurped) {
          fail?.(new Error(`The transaction was ${status.type.toLowerCase()}`));
          unsubscribe?.();
        }
      })
      .then((off) => {
        unsubscribe = off;
      })
      .catch((error: unknown) => {
        const reason = asUserRejection(error);
        if (!hash) rejectHash(reason);
        else fail?.(reason instanceof Error ? reason : new Error(String(reason)));
      });
  });
}

/** Resolves when a transaction sent from this page is in a block; rejects when `signal` aborts. */
export async function waitForPolkadotTransaction({ hash, signal }: { hash: string; signal?: AbortSignal }): Promise<'success' | 'reverted'> {
  const included = inclusions.get(hash);
  if (!included) throw new Error(`Transaction ${hash} was not sent from this page`);
  if (!signal) return included;
  if (signal.aborted) throw signal.reason ?? new Error('aborted');
  return Promise.race([
    included,
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason ?? new Error('aborted')), { once: true })),
  ]);
}
