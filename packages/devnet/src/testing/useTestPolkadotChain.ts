import { afterAll, beforeAll } from 'vitest';
import { startPolkadotChain, type PolkadotChain } from '../polkadot/startPolkadotChain.ts';

/**
 * Starting the chain and building a block run its runtime's WebAssembly: a few CPU-seconds that
 * take minutes on a machine whose two cores `npm test`'s lanes share. Tests that wait on the chain
 * use this bound.
 */
export const POLKADOT_CHAIN_TIMEOUT_MS = 180_000;

/**
 * The shared local Polkadot chain fixture: chopsticks offline from the genesis spec on a free
 * port, the test accounts funded like the devnet's, started once per test file.
 */
export function useTestPolkadotChain(): () => PolkadotChain {
  let chain: PolkadotChain | undefined;
  beforeAll(async () => {
    chain = await startPolkadotChain({ port: 0, host: '127.0.0.1' });
  }, POLKADOT_CHAIN_TIMEOUT_MS);
  afterAll(async () => {
    await chain?.stop();
  });
  return () => {
    if (!chain) throw new Error('The test Polkadot chain is not running (did beforeAll fail?)');
    return chain;
  };
}
