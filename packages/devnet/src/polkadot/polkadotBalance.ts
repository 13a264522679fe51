import { ApiPromise, WsProvider } from '@polkadot/api';

/** Opens @polkadot/api on the chain for one job, and closes it after. */
export async function withPolkadotApi<T>(rpcUrl: string, job: (api: ApiPromise) => Promise<T>): Promise<T> {
  const provider = new WsProvider(rpcUrl);
  const api = await ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true }).catch(async (error: unknown) => {
    await provider.disconnect().catch(() => undefined);
    throw new Error(`The Polkadot chain at ${rpcUrl} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  });
  try {
    return await job(api);
  } finally {
    await api.disconnect();
  }
}

/** An account's free balance in planck, read from the chain's system.account. */
export function polkadotBalance(rpcUrl: string, address: string): Promise<bigint> {
  return withPolkadotApi(rpcUrl, async (api) => (await api.query.system.account(address)).data.free.toBigInt());
}
