import { describe, expect, it } from 'vitest';
import { createChainContexts } from '../chain/chainContext.ts';
import { loadConfig } from '../config.ts';
import { DEVNET_SEEDED_PRICES } from '../devnetDefaults.ts';
import { pushEtherPool } from '../testing/pushEtherPool.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { NATIVE, PoolPrices } from './poolPrices.ts';
import { WindowedPrices } from './windowedPrices.ts';

const devnet = useTestDevnet({ 31337: 26945, 31338: 26946 });
const WINDOW = 120;

const contexts = () => createChainContexts(loadConfig({ RPC_URL_31337: devnet.chain(31337).rpcUrl }).chains).get(31337)!;
const spot = async () => (await new PoolPrices().usdPrices(contexts(), [{ address: NATIVE, decimals: 18 }], { fresh: true })).get(NATIVE)!;
const windowed = () => new WindowedPrices(new PoolPrices(), WINDOW).nativeUsd(contexts());

describe('windowed native price (issue 22, item 6)', () => {
  it("is not moved by a pool pushed in one block, and follows a price held longer than the honest one", async () => {
    const chain = devnet.chain(31337);
    expect(await windowed()).toBe(DEVNET_SEEDED_PRICES.ETH);

    await pushEtherPool(chain);
    expect(await spot()).toBeLessThan(DEVNET_SEEDED_PRICES.ETH / 3);
    expect(await windowed()).toBe(DEVNET_SEEDED_PRICES.ETH);

    // Held for longer than the pool stood before, it is the price.
    await chain.rpc('evm_increaseTime', [700]);
    await chain.rpc('evm_mine');
    expect(await windowed()).toBeCloseTo(await spot(), 6);
  });
});
