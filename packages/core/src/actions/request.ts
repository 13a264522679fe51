import { activeAccount, adapterFor, type CairnContext } from '../context.ts';
import { sendCallsError } from '../rules/send/sendCallsValidation.ts';
import { feeFieldsError, type FeeFields } from '../rules/send/feeFields.ts';
import { findNetwork } from '../stores/network.ts';
import { DeveloperErrorText, ErrorText } from '../errors.ts';
import { loadSendFlow } from '../features/send/loadSendFlow.ts';
import { capabilitiesForSite, smartSessionRefusal } from '../rules/smartSessions.ts';
import { walletAssetsFromBalances } from '../rules/walletAssets.ts';

/** An EIP-1193 request. */
export type RequestParameters = { method: string; params?: unknown };
/** The wallet's answer, as it gave it. */
export type RequestReturnType = unknown;

/**
 * The site's own call to the connected wallet, EIP-1193 style (`eth_sendTransaction`,
 * `eth_signTypedData_v4`, ...), whichever way the wallet is connected (browser or WalletConnect).
 */
export async function request(ctx: CairnContext, args: RequestParameters): Promise<RequestReturnType> {
  if (typeof args !== 'object' || args === null || typeof args.method !== 'string' || args.method.length === 0) {
    throw new TypeError('request: `method` must be a JSON-RPC method name');
  }
  const account = activeAccount(ctx).get();
  if (account.status !== 'connected' || !account.connectorId) throw new Error('No wallet is connected');
  const adapter = adapterFor(ctx, account.namespace);
  // SPEC §5: bad calls are refused before the wallet is asked; SPEC §9: smart sessions only when the site allows them.
  const refusal = smartSessionRefusal(args.method, ctx.options.features.smartSessions);
  if (refusal) {
    // SPEC §6's refusal, as the secure frame words it; the console says which switch would allow it.
    console.warn(`[cairn] ${refusal}`);
    ctx.toast.show(ErrorText.actionNotAllowed, 'error');
    throw new Error(ErrorText.rpcCallNotAllowed);
  }
  if (args.method === 'wallet_sendCalls') {
    const problem = sendCallsError(args.params);
    if (problem) throw new TypeError(problem);
  }
  if (args.method === 'eth_sendTransaction') {
    const problem = transactionFeeError(args.params);
    if (problem) throw new TypeError(`eth_sendTransaction: ${problem}`);
  }
  if (!adapter.request) throw new Error(`${DeveloperErrorText.connectionClientNotSet}: the ${account.namespace} adapter cannot forward wallet requests`);
  let result: unknown;
  try {
    result = await adapter.request({ connectorId: account.connectorId, method: args.method, params: args.params });
  } catch (error) {
    // SPEC §3/§7: a wallet that does not answer wallet_getAssets (most browser wallets, the frame) is answered from the server's balances.
    if (args.method === 'wallet_getAssets' && isUnsupportedMethod(error) && ctx.api && account.address) {
      const network = findNetwork(ctx.network.get());
      if (network) return walletAssetsFromBalances(await ctx.api.getBalances(account.address, network.caipNetworkId));
    }
    // SPEC §6: the secure frame refuses a call outside its lists; the visitor is told 'Action not allowed'.
    if (error instanceof Error && error.message === ErrorText.rpcCallNotAllowed) ctx.toast.show(ErrorText.actionNotAllowed, 'error');
    throw error;
  }
  if (args.method === 'wallet_getCapabilities') return capabilitiesForSite(result, ctx.options.features.smartSessions);
  const network = findNetwork(ctx.network.get());
  // A transaction the site sent through the widget shows as pending in Activity until mined.
  if (args.method === 'eth_sendTransaction' && network && typeof result === 'string' && /^0x[0-9a-fA-F]{64}$/.test(result)) {
    const [transaction] = Array.isArray(args.params) ? (args.params as { to?: unknown }[]) : [];
    const to = typeof transaction?.to === 'string' ? transaction.to : undefined;
    void loadSendFlow()
      .then((flow) => flow.trackPending(ctx, network, { hash: result, from: account.address!, ...(to ? { to } : {}) }))
      .catch(() => undefined);
  }
  const id = typeof result === 'object' && result !== null ? (result as { id?: unknown }).id : undefined;
  if (args.method === 'wallet_sendCalls' && network && typeof id === 'string' && id.length > 0 && id.length <= 200) {
    const { connectorId } = account;
    void loadSendFlow()
      .then((flow) => flow.trackPendingCalls(ctx, network, { id, from: account.address!, connectorId }))
      .catch(() => undefined);
  }
  return result;
}

/** EIP-1193's 4200 (unsupported method) or JSON-RPC's -32601 (method not found). */
function isUnsupportedMethod(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 4200 || code === -32601;
}

/** SPEC §5 fee-field rules on a transaction the site sends; fields that are not hex quantities are the wallet's to refuse. */
function transactionFeeError(params: unknown): string | undefined {
  const [transaction] = Array.isArray(params) ? params : [];
  if (typeof transaction !== 'object' || transaction === null) return undefined;
  const fees: FeeFields = {};
  for (const name of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = (transaction as Record<string, unknown>)[name];
    if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,80}$/.test(value)) fees[name] = BigInt(value);
    else if (typeof value === 'bigint') fees[name] = value;
  }
  return feeFieldsError(fees);
}
