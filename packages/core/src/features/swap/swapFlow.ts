// Swap's actions, in a chunk of their own fetched when Swap opens (or on intent).
import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { createConvertApi, NATIVE_TOKEN_ADDRESS, type ConvertApi, type SwapToken } from '../../api/convertApi.ts';
import { getGasPrice } from '../../api/gasPriceApi.ts';
import { SWAP_QUOTE_DEBOUNCE_MS, SWAP_TOAST_DELAY_MS } from '../../constants.ts';
import { ErrorText, errorMessage, isUserRejection } from '../../errors.ts';
import { formatUnits, parseUnits } from '../../format.ts';
import { HttpError } from '../../http.ts';
import { nodeErrorText } from '../../rules/send/nodeErrorText.ts';
import { SEND_OUTCOME_TEXTS, transactionExplorerLink } from '../../rules/send/sendOutcome.ts';
import { SWAP_TEXTS, swapSummary, type SwapSummary } from '../../rules/swap/swapSummary.ts';
import { isSwapNetwork } from '../../rules/walletFeatures.ts';
import { findNetwork } from '../../stores/network.ts';
import type { CaipNetwork } from '../../types.ts';
import { land } from '../../actions/land.ts';
import { shakeModal } from '../../actions/modal.ts';
import { queryCacheOf, queryKey } from '../../cache/queryCache.ts';
import { settleTransaction } from '../activity/settleTransaction.ts';
import { trackPending } from '../activity/trackPending.ts';
import { transactionConfirmed } from '../activity/transactionConfirmed.ts';

interface SwapContext {
  network: CaipNetwork;
  address: string;
  connectorId: string;
  api: ConvertApi;
}

const apis = new WeakMap<CairnContext, ConvertApi>();
const timers = new WeakMap<CairnContext, ReturnType<typeof setTimeout>>();
const generations = new WeakMap<CairnContext, number>();

function swapContext(ctx: CairnContext): SwapContext | undefined {
  const account = activeAccount(ctx).get();
  const network = findNetwork(ctx.network.get());
  const config = ctx.options.api;
  if (!network || !config || !account.address || !account.connectorId || account.status !== 'connected') return undefined;
  let api = apis.get(ctx);
  if (!api) apis.set(ctx, (api = createConvertApi(config)));
  return { network, address: account.address, connectorId: account.connectorId, api };
}

const userOf = (context: SwapContext) => `${context.network.caipNetworkId}:${context.address}`;
const isNative = (token: SwapToken | undefined) => token?.address.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`) ?? false;
const contractOf = (caip10: string) => caip10.split(':')[2]! as `0x${string}`;

function pickedTokens(ctx: CairnContext): { source?: SwapToken; to?: SwapToken } {
  const { tokens = [], sourceToken, toToken } = ctx.swap.get();
  return { source: tokens.find((token) => token.address === sourceToken), to: tokens.find((token) => token.address === toToken) };
}

/** The account's balance of a swap token, smallest unit. */
function balanceOf(ctx: CairnContext, token: SwapToken | undefined): bigint {
  if (!token) return 0n;
  const account = activeAccount(ctx).get();
  if (isNative(token)) return parseUnits(account.balance ?? '0', token.decimals);
  const held = account.tokenBalance.find((balance) => balance.address?.split(':').at(-1)?.toLowerCase() === contractOf(token.address).toLowerCase());
  return held ? parseUnits(held.quantity.numeric, token.decimals) : 0n;
}

/** What Swap shows and checks now. */
export function currentSwapSummary(ctx: CairnContext): SwapSummary & { source?: SwapToken; to?: SwapToken; sourceBalanceText: string } {
  const state = ctx.swap.get();
  const { source, to } = pickedTokens(ctx);
  const network = findNetwork(ctx.network.get());
  const account = activeAccount(ctx).get();
  const nativeDecimals = network?.nativeCurrency.decimals ?? 18;
  const sourceBalance = balanceOf(ctx, source);
  const summary = swapSummary({
    source,
    to,
    sourceIsNative: isNative(source),
    sourceBalance,
    nativeBalance: parseUnits(account.balance ?? '0', nativeDecimals),
    nativeDecimals,
    nativeSymbol: network?.nativeCurrency.symbol ?? 'ETH',
    ...(account.nativePriceUsd !== undefined ? { nativePriceUsd: account.nativePriceUsd } : {}),
    ...(state.sourceTokenAmount !== undefined ? { amountText: state.sourceTokenAmount } : {}),
    ...(state.quote ? { quote: state.quote } : {}),
    ...(state.allowance !== undefined ? { allowance: BigInt(state.allowance) } : {}),
    ...(state.gasPrice !== undefined ? { gasPrice: BigInt(state.gasPrice) } : {}),
    ...(state.swapGas !== undefined ? { swapGas: BigInt(state.swapGas) } : {}),
    slippage: state.slippage,
  });
  return { ...summary, source, to, sourceBalanceText: formatUnits(sourceBalance, source?.decimals ?? 18) };
}

/** Opens Swap: the tokens the server swaps on this network (SPEC §7), the gas price, then a quote. */
export async function prepareSwap(ctx: CairnContext): Promise<void> {
  const context = swapContext(ctx);
  const network = findNetwork(ctx.network.get());
  if (!context || !network || !isSwapNetwork(network.caipNetworkId, ctx.options.swapNetworks)) {
    ctx.swap.set({ error: ErrorText.networkNotSupportedForSwaps });
    return;
  }
  const state = ctx.swap.get();
  if (state.tokens) return void (await quoteSwap(ctx));
  ctx.swap.set({ loadingTokens: true, error: undefined });
  try {
    const [tokens, prices] = await Promise.all([context.api.tokens(network.caipNetworkId), queryCacheOf(ctx).read(queryKey.gasPrice(network.caipNetworkId), () => getGasPrice(ctx.options.api!, network.caipNetworkId), { staleMs: 0 })]);
    if (findNetwork(ctx.network.get())?.caipNetworkId !== network.caipNetworkId) return;
    // The native coin sold for the first other token (the stablecoin, on a server that lists it first).
    const source = tokens.find(isNative) ?? tokens[0];
    const to = tokens.find((token) => token !== source);
    ctx.swap.set({ tokens, sourceToken: source?.address, toToken: to?.address, gasPrice: prices.standard.toString(), loadingTokens: false });
  } catch (error) {
    const unsupported = error instanceof HttpError && error.status === 400;
    ctx.swap.set({ loadingTokens: false, error: unsupported ? ErrorText.networkNotSupportedForSwaps : ErrorText.somethingWentWrong });
    return;
  }
  await quoteSwap(ctx);
}

/** Asks for a quote once typing pauses (or at once), the last request winning. */
export function scheduleQuote(ctx: CairnContext, { now = false } = {}): void {
  clearTimeout(timers.get(ctx));
  if (now) return void quoteSwap(ctx);
  timers.set(ctx, setTimeout(() => void quoteSwap(ctx), SWAP_QUOTE_DEBOUNCE_MS));
}

/** The quote for the form as it is, the router's allowance, and the swap's gas once the allowance covers it. */
export async function quoteSwap(ctx: CairnContext): Promise<void> {
  const context = swapContext(ctx);
  const generation = (generations.get(ctx) ?? 0) + 1;
  generations.set(ctx, generation);
  const current = () => generations.get(ctx) === generation;
  const { source, to } = pickedTokens(ctx);
  const { amount } = currentSwapSummary(ctx);
  if (!context || !source || !to || amount === undefined) {
    ctx.swap.set({ quote: undefined, swapGas: undefined, loadingQuote: false });
    return;
  }
  ctx.swap.set({ loadingQuote: true, error: undefined });
  try {
    const user = userOf(context);
    const [quote, allowance] = await Promise.all([
      context.api.quote({ from: source.address, to: to.address, amount, userAddress: user }),
      isNative(source) ? Promise.resolve(undefined) : context.api.allowance(source.address, user),
    ]);
    if (!current()) return;
    ctx.swap.set({
      quote: { from: source.address, to: to.address, fromAmount: quote.fromAmount, toAmount: quote.toAmount, priceImpact: quote.priceImpact },
      allowance: allowance?.toString(),
      loadingQuote: false,
    });
    if (allowance !== undefined && allowance < amount) return;
    const built = await context.api.buildTransaction({ from: source.address, to: to.address, userAddress: user, amount, slippage: ctx.swap.get().slippage });
    if (current()) ctx.swap.set({ swapGas: built.eip155.gas });
  } catch (error) {
    if (!current()) return;
    const reason = error instanceof HttpError && error.status === 400 ? (error.detail ?? ErrorText.somethingWentWrong) : ErrorText.somethingWentWrong;
    ctx.swap.set({ loadingQuote: false, error: reason });
  }
}

/** Max: the whole balance of the source token (the native coin less the swap's fee). */
export async function setSwapMax(ctx: CairnContext): Promise<void> {
  ctx.swap.setAmount(currentSwapSummary(ctx).maxText);
  await quoteSwap(ctx);
}

/** To the review, once the form is quoted and covered; else the reason shows on Swap. */
export async function reviewSwap(ctx: CairnContext): Promise<boolean> {
  clearTimeout(timers.get(ctx));
  await quoteSwap(ctx);
  const summary = currentSwapSummary(ctx);
  const error = summary.error ?? ctx.swap.get().error ?? (summary.toAmountText === undefined ? SWAP_TEXTS.noQuote : undefined);
  if (error) {
    ctx.swap.set({ error });
    return false;
  }
  ctx.router.push('SwapPreview');
  return true;
}

const hex = (value: bigint) => `0x${value.toString(16)}`;

/**
 * Approves the router for the amount when the allowance falls short (and waits for it to be
 * mined), then builds the swap with the slippage and asks the wallet. 'Transaction started'
 * follows after SPEC §9's 150 ms; the swap is pending in Activity, and Account shows it land.
 */
export async function confirmSwap(ctx: CairnContext): Promise<boolean> {
  const context = swapContext(ctx);
  const summary = currentSwapSummary(ctx);
  const { source, to, amount } = summary;
  if (!context || !source || !to || amount === undefined || summary.error) {
    ctx.swap.set({ error: summary.error ?? ErrorText.invalidAmountOrReceiver });
    return false;
  }
  const adapter = adapterFor(ctx, context.network.chainNamespace);
  const user = userOf(context);
  const send = (tx: { to: string; data: string; value: bigint; gas?: bigint }) => {
    if (!adapter.request) throw new Error(ErrorText.unsupportedChain);
    const call = { from: context.address, to: contractOf(tx.to), data: tx.data, value: hex(tx.value), ...(tx.gas ? { gas: hex(tx.gas) } : {}) };
    return adapter.request({ connectorId: context.connectorId, method: 'eth_sendTransaction', params: [call] }) as Promise<string>;
  };
  try {
    if (summary.needsApproval) {
      ctx.swap.set({ step: 'approving', error: undefined });
      const approval = await context.api.buildApprove({ from: source.address, to: to.address, userAddress: user, amount });
      const hash = await send({ to: approval.to, data: approval.data, value: 0n });
      const status = adapter.waitForTransaction ? await adapter.waitForTransaction({ network: context.network, hash }) : 'success';
      void transactionConfirmed(ctx, context.network, hash);
      if (status !== 'success') throw new Error('The approval was reverted');
      ctx.swap.set({ allowance: amount.toString() });
    }
    ctx.swap.set({ step: 'swapping', error: undefined });
    const built = await context.api.buildTransaction({ from: source.address, to: to.address, userAddress: user, amount, slippage: ctx.swap.get().slippage });
    const hash = await send({ to: built.to, data: built.data, value: BigInt(built.amount), gas: BigInt(built.eip155.gas) || undefined });
    const started = new Promise<void>((resolve) =>
      setTimeout(() => {
        ctx.toast.show(ErrorText.transactionStarted, 'success');
        resolve();
      }, SWAP_TOAST_DELAY_MS),
    );
    ctx.swap.set({ step: undefined, sourceTokenAmount: undefined, quote: undefined, swapGas: undefined, allowance: undefined });
    land(ctx, { kind: 'swapped' });
    void trackPending(ctx, context.network, { hash, from: context.address, to: contractOf(built.to), amount: formatUnits(amount, source.decimals), symbol: source.symbol });
    void followSwap(ctx, context.network, hash, started);
    return true;
  } catch (error) {
    console.warn('[cairn] swap failed', error);
    // SPEC §9: a declined signature shakes the modal.
    if (isUserRejection(error)) shakeModal(ctx);
    const message = isUserRejection(error) ? undefined : error instanceof HttpError ? (error.detail ?? error.message) : nodeErrorText(errorMessage(error));
    ctx.swap.set({ step: undefined, error: message });
    ctx.toast.show(ErrorText.failedToSendTransaction, 'error');
    return false;
  }
}

/**
 * Says how the swap ended, as Send does: confirmed, or failed with the node's reason, in a toast
 * linking the explorer's page. Never before 'Transaction started' (`started`), which it replaces.
 */
export async function followSwap(ctx: CairnContext, network: CaipNetwork, hash: string, started: Promise<void>): Promise<void> {
  try {
    const [settled] = await Promise.all([settleTransaction(ctx, network, hash), started]);
    if (!settled) return;
    const link = transactionExplorerLink(network, hash);
    if (settled.status === 'confirmed') ctx.toast.show(SEND_OUTCOME_TEXTS.confirmed, 'success', link);
    else ctx.toast.show(settled.reason ?? SEND_OUTCOME_TEXTS.failed, 'error', link);
  } catch (error) {
    console.warn('[cairn] could not follow the swap', error);
  }
}
