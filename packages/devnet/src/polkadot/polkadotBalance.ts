import { ApiPromise, WsProvider } from '@polkadot/api';

/** Opens @polkadot/api on the chain (its metadata fetched and decoded); the caller disconnects it. */
export async function openPolkadotApi(rpcUrl: string): Promise<ApiPromise> {
  const provider = new WsProvider(rpcUrl);
  return ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true }).catch(async (error: unknown) => {
    await provider.disconnect().catch(() => undefined);
    throw new Error(`The Polkadot chain at ${rpcUrl} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** Opens @polkadot/api on the chain for one job, and closes it after. */
export async function withPolkadotApi<T>(rpcUrl: string, job: (api: ApiPromise) => Promise<T>): Promise<T> {
  const api = await openPolkadotApi(rpcUrl);
  try {
    return await job(api);
  } finally {
    await api.disconnect();
  }
}

/** An account's free balance in planck, through an API already open (a poll's reads: see polkadotBalance). */
export async function polkadotFreeBalance(api: ApiPromise, address: string): Promise<bigint> {
  return (await api.query.system.account(address)).data.free.toBigInt();
}

/**
 * An account's free balance in planck, read from the chain's system.account over an API opened for
 * it: each opening fetches and decodes the runtime's metadata (seconds at load), so a poll reads
 * through one withPolkadotApi and polkadotFreeBalance instead.
 */
export function polkadotBalance(rpcUrl: string, address: string): Promise<bigint> {
  return withPolkadotApi(rpcUrl, (api) => polkadotFreeBalance(api, address));
}
