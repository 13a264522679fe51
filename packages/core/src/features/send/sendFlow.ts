// Send's actions, in a chunk of their own fetched when Send opens (or on intent).
import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { getGasPrice } from '../../api/gasPriceApi.ts';
import { queryCacheOf, queryKey } from '../../cache/queryCache.ts';
import { IDENTITY_CACHE_MS } from '../../constants.ts';
import { ErrorText, errorMessage, isUserRejection } from '../../errors.ts';
import { formatUnits, parseUnits } from '../../format.ts';
import { HttpError } from '../../http.ts';
import { namesSupportedOn } from '../../rules/accountName.ts';
import { nodeErrorText } from '../../rules/send/nodeErrorText.ts';
import { looksLikeName } from '../../rules/send/sendFieldErrors.ts';
import { SEND_OUTCOME_TEXTS, transactionExplorerLink, type SendOutcome } from '../../rules/send/sendOutcome.ts';
import { sendableTokens, type SendableToken } from '../../rules/send/sendableTokens.ts';
import { sendSummary, type SendSummary } from '../../rules/send/sendSummary.ts';
import { findNetwork } from '../../stores/network.ts';
import type { CaipNetwork } from '../../types.ts';
import { land } from '../../actions/land.ts';
import { shakeModal } from '../../actions/modal.ts';
import { settleTransaction } from '../activity/settleTransaction.ts';
import { trackPending, trackPendingCalls, type CallsOutcome } from '../activity/trackPending.ts';
import { walletAccountType } from '../accountTypes/walletAccountType.ts';

export { trackPending, trackPendingCalls } from '../activity/trackPending.ts';
export { sendCallsError } from '../../rules/send/sendCallsValidation.ts';

interface SendContext {
  network: CaipNetwork;
  address: string;
  connectorId: string;
  tokens: SendableToken[];
}

function sendContext(ctx: CairnContext): SendContext | undefined {
  const account = activeAccount(ctx).get();
  const network = findNetwork(ctx.network.get());
  if (!network || !account.address || !account.connectorId || account.status !== 'connected') return undefined;
  const native: SendableToken = {
    symbol: network.nativeCurrency.symbol,
    name: network.nativeCurrency.name,
    decimals: network.nativeCurrency.decimals,
    balance: account.balance ?? '0',
    usdValue: account.balanceUsd ?? 0,
  };
  return { network, address: account.address, connectorId: account.connectorId, tokens: sendableTokens(native, account.tokenBalance) };
}

/** The token picker's list: the native coin first, then by USD value. */
export function sendTokens(ctx: CairnContext): SendableToken[] {
  return sendContext(ctx)?.tokens ?? [];
}

/** What Send shows: the summary and the token. */
export type CurrentSendSummary = SendSummary & { token?: SendableToken };

/** What Send shows and checks now, from the form and the account. */
export function currentSendSummary(ctx: CairnContext): CurrentSendSummary {
  const context = sendContext(ctx);
  if (!context) return { maxText: '0', fields: {}, formError: ErrorText.unsupportedChain, error: ErrorText.unsupportedChain };
  const state = ctx.send.get();
  const token = context.tokens.find((candidate) => candidate.address === state.tokenAddress) ?? context.tokens[0]!;
  const account = activeAccount(ctx).get();
  const adapter = adapterFor(ctx, context.network.chainNamespace);
  const { decimals, symbol } = context.network.nativeCurrency;
  return {
    token,
    ...sendSummary({
      namespace: context.network.chainNamespace,
      feeUnit: adapter.sendFeeUnit ?? 'native',
      token,
      nativeDecimals: decimals,
      nativeSymbol: symbol,
      namesAllowed: namesSupportedOn(context.network.chainNamespace),
      showMissing: state.reviewTried === true,
      nativeBalance: parseUnits(account.balance ?? '0', decimals),
      ...(account.nativePriceUsd !== undefined ? { nativePriceUsd: account.nativePriceUsd } : {}),
      ...(state.sendTokenAmount !== undefined ? { amountText: state.sendTokenAmount } : {}),
      ...(state.receiverAddress !== undefined ? { receiverText: state.receiverResolvedAddress ?? state.receiverAddress } : {}),
      normalizeAddress: (address) => adapter.normalizeAddress(address),
      ...(state.gasPrice !== undefined ? { gasPrice: BigInt(state.gasPrice) } : {}),
      ...(state.gasEstimate !== undefined ? { gasEstimate: BigInt(state.gasEstimate) } : {}),
      // SPEC §5: a smart account skips the gas-funds check (the embedded wallet's is sponsored).
      accountType: walletAccountType(ctx, context.address) ?? 'eoa',
    }),
  };
}

/** Opens Send's data: the gas price from the site's server (SPEC §7), the network balance in USD, a first gas estimate. */
export async function prepareSend(ctx: CairnContext): Promise<void> {
  const context = sendContext(ctx);
  if (!context) {
    ctx.send.set({ error: ErrorText.unsupportedChain });
    return;
  }
  const account = activeAccount(ctx).get();
  ctx.send.set({ networkBalanceInUsd: account.balanceUsd, loading: true });
  if (adapterFor(ctx, context.network.chainNamespace).sendFeeUnit !== 'gas') {
    // The adapter's estimate is the fee itself (lamports on solana): no gas price to ask the server for.
    ctx.send.set({ gasPrice: '1' });
    await estimateSend(ctx);
    ctx.send.set({ loading: false });
    return;
  }
  try {
    if (!ctx.options.api) throw new Error('no server');
    const api = ctx.options.api;
    const chainId = context.network.caipNetworkId;
    const prices = await queryCacheOf(ctx).read(queryKey.gasPrice(chainId), () => getGasPrice(api, chainId), { staleMs: 0 });
    ctx.send.set({ gasPrice: prices.standard.toString() });
  } catch (error) {
    ctx.send.set({ error: error instanceof HttpError && error.status === 400 ? ErrorText.networkNotSupportedForGasPrice : ErrorText.somethingWentWrong });
  }
  await estimateSend(ctx);
  ctx.send.set({ loading: false });
}

/** The gas a send of this token would use: for the fee line and the native Max. */
export async function estimateSend(ctx: CairnContext): Promise<void> {
  const context = sendContext(ctx);
  if (!context) return;
  const adapter = adapterFor(ctx, context.network.chainNamespace);
  if (!adapter.estimateSend) return;
  const state = ctx.send.get();
  const token = context.tokens.find((candidate) => candidate.address === state.tokenAddress);
  let receiver = context.address;
  try {
    if (state.receiverAddress) receiver = adapter.normalizeAddress(state.receiverAddress.trim());
  } catch {
    // an address still being typed: estimate a send to oneself, which costs the same
  }
  try {
    const gas = await adapter.estimateSend({
      network: context.network,
      from: context.address,
      receiver,
      // One smallest unit: a transfer's gas does not depend on its amount.
      amount: 1n,
      ...(token?.address ? { token: { address: token.address, decimals: token.decimals } } : {}),
    });
    if (ctx.send.get().tokenAddress === state.tokenAddress) ctx.send.set({ gasEstimate: gas.toString() });
  } catch (error) {
    console.warn('[cairn] could not estimate the send', error);
  }
}

/** Max: the whole token balance, or the native balance less the gas. */
export async function setSendMax(ctx: CairnContext): Promise<void> {
  if (ctx.send.get().gasEstimate === undefined) await estimateSend(ctx);
  ctx.send.setAmount(currentSendSummary(ctx).maxText);
}

/**
 * The receiver's name and avatar through the identity route, once the address is valid; a typed
 * name is resolved to its address first (SPEC §7 /v1/profile/account/{name}).
 */
export async function lookupReceiver(ctx: CairnContext): Promise<void> {
  const typed = ctx.send.get().receiverAddress ?? '';
  if (looksLikeName(typed)) {
    const { resolveName } = await import('../names/nameFlow.ts');
    const resolved = await resolveName(ctx, typed);
    if (ctx.send.get().receiverAddress !== typed) return;
    if (resolved.address) ctx.send.set({ receiverResolvedAddress: resolved.address, receiverProfileName: typed.trim().toLowerCase() });
    else ctx.send.set({ error: resolved.error });
    return;
  }
  const { receiver } = currentSendSummary(ctx);
  if (!receiver || !ctx.api || !namesSupportedOn(activeAccount(ctx).get().namespace)) return;
  try {
    const api = ctx.api;
    const identity = await queryCacheOf(ctx).read(queryKey.identity(receiver), () => api.getIdentity(receiver), { staleMs: IDENTITY_CACHE_MS });
    if (currentSendSummary(ctx).receiver !== receiver) return;
    ctx.send.set({ receiverProfileName: identity.name ?? undefined, receiverProfileImage: identity.avatar ?? undefined });
  } catch {
    // a name is a nicety: the address stands alone
  }
}

/** To the review, when the form is complete and covered; else the reason shows on Send. */
export async function reviewSend(ctx: CairnContext): Promise<boolean> {
  await estimateSend(ctx);
  const summary = currentSendSummary(ctx);
  if (summary.error) {
    // The fields say what is wrong with them (an empty one too, from now on); the form, the rest.
    ctx.send.set({ reviewTried: true, error: summary.formError ?? ctx.send.get().error });
    return false;
  }
  ctx.router.push('SendPreview');
  return true;
}

/**
 * SPEC §5, §8: asks the wallet; then 'Transaction started', the pending entry in Activity, and
 * Send shows the transaction until it is confirmed or failed (and says so in a toast). A wallet's
 * refusal keeps the form.
 */
export async function confirmSend(ctx: CairnContext): Promise<boolean> {
  const context = sendContext(ctx);
  const summary = currentSendSummary(ctx);
  if (!context || summary.error || summary.amount === undefined || !summary.receiver || !summary.token) {
    ctx.send.set({ error: summary.formError ?? ErrorText.invalidAmountOrReceiver, reviewTried: true });
    ctx.toast.show(ErrorText.invalidAmountOrReceiver, 'error');
    return false;
  }
  const { token, amount, receiver } = summary;
  const state = ctx.send.get();
  const adapter = adapterFor(ctx, context.network.chainNamespace);
  const amountText = formatUnits(amount, token.decimals);
  const properties = { network: context.network.caipNetworkId, token: token.symbol, amount: amountText };
  ctx.events.emit('SEND_INITIATED', properties);
  ctx.send.set({ loading: true, error: undefined });
  const send = {
    connectorId: context.connectorId,
    network: context.network,
    from: context.address,
    receiver,
    amount,
    ...(token.address ? { token: { address: token.address, decimals: token.decimals } } : {}),
  };
  // A smart account's send is a user operation: followed as the wallet's batch, not by a first transaction hash.
  const asCalls = adapter.sendTokenAsCalls !== undefined && walletAccountType(ctx, context.address) === 'smartAccount';
  let hash: string;
  try {
    if (asCalls) hash = await adapter.sendTokenAsCalls!(send);
    else {
      if (!adapter.sendToken) throw new Error(ErrorText.unsupportedChain);
      hash = await adapter.sendToken({
        ...send,
        ...(state.gasPrice !== undefined ? { gasPrice: BigInt(state.gasPrice) } : {}),
        ...(state.gasEstimate !== undefined ? { gas: (BigInt(state.gasEstimate) * 12n) / 10n } : {}),
      });
    }
  } catch (error) {
    const message = isUserRejection(error) ? undefined : nodeErrorText(errorMessage(error));
    // SPEC §9: a declined signature shakes the modal.
    if (isUserRejection(error)) shakeModal(ctx);
    console.warn('[cairn] send failed', error);
    ctx.events.emit('SEND_ERROR', { ...properties, message: errorMessage(error) });
    ctx.send.set({ loading: false, error: message, lastRetry: ctx.now() });
    ctx.toast.show(ErrorText.failedToSendTransaction, 'error');
    // The form is kept: back to it, the amount and receiver as typed.
    if (ctx.router.current().view === 'SendPreview') ctx.router.goBack();
    return false;
  }
  ctx.toast.show(ErrorText.transactionStarted, 'info');
  ctx.events.emit('SEND_SUCCESS', { ...properties, hash });
  // A batch's id names no transaction: the explorer link waits for the one that carries it.
  const explorer = asCalls ? undefined : transactionExplorerLink(context.network, hash);
  const outcome: SendOutcome = { status: 'pending', hash, amountText, symbol: token.symbol, receiver, ...(explorer ? { explorer } : {}) };
  ctx.send.set({ loading: false, outcome });
  land(ctx, { kind: 'tokenSent' });
  const shown = { from: context.address, to: receiver, amount: amountText, symbol: token.symbol };
  if (asCalls) {
    void trackPendingCalls(ctx, context.network, { ...shown, id: hash, connectorId: context.connectorId }).then((ended) => ended && settleSend(ctx, context.network, outcome, properties, ended));
  } else {
    void trackPending(ctx, context.network, { ...shown, hash });
    void followSend(ctx, context.network, outcome, properties);
  }
  return true;
}

/** A send sent as a batch ended: Send (while it shows this send) shows the transaction that carried it, and a toast says how it went. */
function settleSend(ctx: CairnContext, network: CaipNetwork, outcome: SendOutcome, properties: Record<string, string>, ended: CallsOutcome): void {
  const hash = ended.transactionHash ?? outcome.hash;
  const explorer = ended.transactionHash ? transactionExplorerLink(network, ended.transactionHash) : undefined;
  if (ctx.send.get().outcome?.hash === outcome.hash) ctx.send.set({ outcome: { ...outcome, hash, ...(explorer ? { explorer } : {}), status: ended.success ? 'confirmed' : 'failed' } });
  if (ended.success) {
    ctx.toast.show(SEND_OUTCOME_TEXTS.confirmed, 'success', explorer);
    return;
  }
  ctx.events.emit('SEND_ERROR', { ...properties, hash, message: 'reverted' });
  ctx.toast.show(SEND_OUTCOME_TEXTS.failed, 'error', explorer);
}

/** Waits for the receipt; Send (while it shows this send) and a toast say how it went. */
async function followSend(ctx: CairnContext, network: CaipNetwork, outcome: SendOutcome, properties: Record<string, string>): Promise<void> {
  const settle = (next: Partial<SendOutcome>) => {
    if (ctx.send.get().outcome?.hash === outcome.hash) ctx.send.set({ outcome: { ...outcome, ...next } });
  };
  try {
    const settled = await settleTransaction(ctx, network, outcome.hash);
    if (!settled) return;
    if (settled.status === 'confirmed') {
      settle({ status: 'confirmed' });
      ctx.toast.show(SEND_OUTCOME_TEXTS.confirmed, 'success', outcome.explorer);
      return;
    }
    const { reason, nodeMessage } = settled;
    settle({ status: 'failed', ...(reason ? { reason } : {}) });
    ctx.events.emit('SEND_ERROR', { ...properties, hash: outcome.hash, message: nodeMessage ?? 'reverted' });
    ctx.toast.show(reason ?? SEND_OUTCOME_TEXTS.failed, 'error', outcome.explorer);
  } catch (error) {
    console.warn('[cairn] could not follow the send', error);
  }
}

/** After a send: to Account (SPEC §2), where Send is left and its form forgotten. */
export function finishSend(ctx: CairnContext): void {
  land(ctx, { kind: 'sendDone' });
}
