import { describe, expect, it } from 'vitest';
import { testNetworks } from '../../testing/fakeAdapter.ts';
import { walletListTestContext } from '../../testing/walletListTestContext.ts';
import { followSwap } from './swapFlow.ts';

const HASH = `0x${'cd'.repeat(32)}`;
const mainnet = { ...testNetworks.mainnet, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io/' } } };

/** A swap sent on mainnet; the chain answers `mined`, and 'Transaction started' shows once `start` is called. */
function swapSent(mined: 'success' | 'reverted', failure?: string) {
  const { ctx, adapter } = walletListTestContext({ networks: [mainnet] });
  Object.assign(adapter, { waitForTransaction: async () => mined, transactionFailure: async () => failure });
  let start!: () => void;
  const started = new Promise<void>((resolve) => {
    start = () => {
      ctx.toast.show('Transaction started', 'success');
      resolve();
    };
  });
  return { ctx, start, following: followSwap(ctx, mainnet, HASH, started) };
}

describe('followSwap', () => {
  it("says the swap is confirmed, with the explorer's page, after 'Transaction started' and never before it", async () => {
    const { ctx, start, following } = swapSent('success');
    await new Promise((resolve) => setTimeout(resolve, 10)); // the receipt is in
    expect(ctx.toast.get().open).toBe(false);
    start();
    await following;
    expect(ctx.toast.get()).toMatchObject({ message: 'Transaction confirmed', variant: 'success', link: { url: `https://etherscan.io/tx/${HASH}`, name: 'Etherscan' } });
  });

  it("says a reverted swap failed, with the node's reason", async () => {
    const { ctx, start, following } = swapSent('reverted', 'execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT');
    start();
    await following;
    expect(ctx.toast.get()).toMatchObject({ message: 'The contract refused the transaction: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT', variant: 'error' });
  });
});
