import { activeAccount, adapterFor, type CairnContext } from '../context.ts';

/**
 * The site's own call to the connected wallet, EIP-1193 style (`eth_sendTransaction`,
 * `eth_signTypedData_v4`, ...), whichever way the wallet is connected (browser or WalletConnect).
 */
export async function request(ctx: CairnContext, args: { method: string; params?: unknown }): Promise<unknown> {
  if (typeof args !== 'object' || args === null || typeof args.method !== 'string' || args.method.length === 0) {
    throw new TypeError('request: `method` must be a JSON-RPC method name');
  }
  const account = activeAccount(ctx).get();
  if (account.status !== 'connected' || !account.connectorId) throw new Error('No wallet is connected');
  const adapter = adapterFor(ctx, account.namespace);
  if (!adapter.request) throw new Error(`The ${account.namespace} adapter cannot forward wallet requests`);
  return adapter.request({ connectorId: account.connectorId, method: args.method, params: args.params });
}
