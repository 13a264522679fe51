import { describe, expect, it } from 'vitest';
import { activeAccount } from '../../context.ts';
import { testNetworks } from '../../testing/fakeAdapter.ts';
import { walletListTestContext } from '../../testing/walletListTestContext.ts';
import { sendFeature } from './sendFeature.ts';
import { confirmSend, currentSendSummary, finishSend, reviewSend } from './sendFlow.ts';

const TOKEN = '0x03ab8C9BD00086dBded2bC5003D3c1E0d4eebefB';
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'ab'.repeat(32)}`;
const mainnet = { ...testNetworks.mainnet, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io/' } } };

/** A connected visitor on mainnet holding 10 CAIRN, on Send; the wallet sends, and the chain answers `mined` once `mine` is called. */
function sendContext(mined: 'success' | 'reverted', failure?: string) {
  const test = walletListTestContext({ networks: [mainnet] });
  const { ctx, adapter } = test;
  let mine!: () => void;
  const receipt = new Promise<'success' | 'reverted'>((resolve) => {
    mine = () => resolve(mined);
  });
  Object.assign(adapter, {
    sendToken: async () => HASH,
    waitForTransaction: () => receipt,
    transactionFailure: async () => failure,
  });
  activeAccount(ctx).set({
    status: 'connected',
    address: adapter.wallet.accounts[0],
    connectorId: 'io.metamask',
    balance: '1',
    tokenBalance: [{ name: 'Cairn', symbol: 'CAIRN', chainId: 'eip155:1', address: `eip155:1:${TOKEN}`, value: 25, price: 2.5, quantity: { decimals: '18', numeric: '10' }, iconUrl: '' }],
  });
  ctx.router.reset('Account');
  ctx.router.push('Send');
  ctx.send.setToken(TOKEN);
  ctx.send.setAmount('8');
  ctx.send.setReceiver(RECEIVER);
  return { ...test, mine };
}

const settled = (ctx: ReturnType<typeof walletListTestContext>['ctx']) =>
  new Promise<void>((resolve) => {
    const stop = ctx.send.subscribe(() => {
      const status = ctx.send.get().outcome?.status;
      if (status === 'confirmed' || status === 'failed') {
        stop();
        resolve();
      }
    });
  });

describe('the send flow', () => {
  it('sent: back on Send, pending with the explorer page, then confirmed; toasts say both', async () => {
    const { ctx, mine } = sendContext('success');
    expect(await reviewSend(ctx)).toBe(true);
    const done = settled(ctx);
    expect(await confirmSend(ctx)).toBe(true);
    expect(ctx.router.current().view).toBe('Send');
    expect(ctx.send.get().outcome).toMatchObject({ status: 'pending', hash: HASH, amountText: '8', symbol: 'CAIRN', explorer: { url: `https://etherscan.io/tx/${HASH}`, name: 'Etherscan' } });
    expect(ctx.toast.get().message).toBe('Transaction started');
    mine();
    await done;
    expect(ctx.send.get().outcome?.status).toBe('confirmed');
    expect(ctx.toast.get()).toMatchObject({ message: 'Transaction confirmed', variant: 'success', link: { url: `https://etherscan.io/tx/${HASH}`, name: 'Etherscan' } });
    finishSend(ctx);
    expect(ctx.router.get().history.map((entry) => entry.view)).toEqual(['Account']);
  });

  it('declined in the wallet: the open modal shakes (SPEC §9), the form stays without a reason', async () => {
    const { ctx, adapter } = sendContext('success');
    Object.assign(adapter, { sendToken: async () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) });
    ctx.modal.set({ open: true });
    await reviewSend(ctx);
    expect(await confirmSend(ctx)).toBe(false);
    expect([ctx.modal.get().shaking, ctx.send.get().error, ctx.send.get().sendTokenAmount]).toEqual([true, undefined, '8']);
  });

  it("reverted: failed with the node's reason, in Send and in the toast", async () => {
    const { ctx, events, mine } = sendContext('reverted', 'execution reverted: ERC20InsufficientBalance');
    await reviewSend(ctx);
    const done = settled(ctx);
    await confirmSend(ctx);
    mine();
    await done;
    const reason = 'The contract refused the transaction: ERC20InsufficientBalance';
    expect(ctx.send.get().outcome).toMatchObject({ status: 'failed', reason });
    expect(ctx.toast.get()).toMatchObject({ message: reason, variant: 'error' });
    expect(events.map((event) => event.event)).toEqual(expect.arrayContaining(['SEND_SUCCESS', 'SEND_ERROR']));
  });

  it("a smart account's send: the wallet's batch (its user operation) is followed to the transaction that carried it, never a first hash", async () => {
    const { ctx, adapter } = sendContext('success');
    const BATCH = `0x${'cd'.repeat(32)}`;
    const LANDED = `0x${'ef'.repeat(32)}`;
    const sentAsCalls: unknown[] = [];
    let landed = false;
    const asked: string[] = [];
    Object.assign(adapter, {
      sendToken: async () => {
        throw new Error('a smart account sends as a batch');
      },
      waitForTransaction: async ({ hash }: { hash: string }) => {
        asked.push(hash);
        return 'success';
      },
      sendTokenAsCalls: async (params: unknown) => (sentAsCalls.push(params), BATCH),
      // The wallet's word, as wallet_getCallsStatus gives it: pending until the bundle that carries the operation is mined.
      request: async ({ method, params }: { method: string; params: unknown[] }) => {
        asked.push(`${method} ${String(params[0])}`);
        return landed ? { status: 200, receipts: [{ status: '0x1', transactionHash: LANDED }] } : { status: 100 };
      },
    });
    ctx.accountTypes.set({ activeType: 'smartAccount', activeAddress: adapter.wallet.accounts[0]!.toLowerCase() });
    expect(await reviewSend(ctx)).toBe(true);
    const done = settled(ctx);
    expect(await confirmSend(ctx)).toBe(true);
    expect(sentAsCalls).toEqual([expect.objectContaining({ connectorId: 'io.metamask', receiver: RECEIVER.toLowerCase(), amount: 8n * 10n ** 18n, token: { address: TOKEN, decimals: 18 } })]);
    // Pending under the batch's id, no explorer page: the id names no transaction.
    expect(ctx.send.get().outcome).toMatchObject({ status: 'pending', hash: BATCH });
    expect(ctx.send.get().outcome?.explorer).toBeUndefined();
    expect(ctx.pendingTransactions.get().pending).toEqual([expect.objectContaining({ hash: BATCH, to: RECEIVER.toLowerCase(), amount: '8', symbol: 'CAIRN' })]);
    landed = true;
    await done;
    expect(ctx.send.get().outcome).toMatchObject({ status: 'confirmed', hash: LANDED, explorer: { url: `https://etherscan.io/tx/${LANDED}` } });
    expect(ctx.toast.get()).toMatchObject({ message: 'Transaction confirmed', variant: 'success', link: { url: `https://etherscan.io/tx/${LANDED}` } });
    expect(asked.every((call) => call === `wallet_getCallsStatus ${BATCH}`)).toBe(true);
    expect(ctx.pendingTransactions.get().pending).toEqual([]);
  });

  it('a review with empty fields names them, and the form is forgotten once Send leaves the stack', async () => {
    const { ctx } = sendContext('success');
    const stop = sendFeature.watch!(ctx);
    ctx.send.setAmount('');
    ctx.send.setReceiver('');
    expect(await reviewSend(ctx)).toBe(false);
    expect(currentSendSummary(ctx).fields).toEqual({ amount: 'Enter an amount', receiver: "Enter the receiver's address" });
    ctx.send.setAmount('abc');
    ctx.router.goBack();
    expect(ctx.send.get()).toMatchObject({ sendTokenAmount: undefined, tokenAddress: undefined, reviewTried: undefined });
    stop();
  });
});
