import { afterAll, beforeAll } from 'vitest';
import { startBitcoinChain, type BitcoinChain } from '../bitcoin/startBitcoinChain.ts';

/** The shared local Bitcoin chain fixture: bcoin regtest behind the Esplora facade, once per test file. */
export function useTestBitcoinChain(): () => BitcoinChain {
  let chain: BitcoinChain | undefined;
  // bcoin's start passed the 60 s hook bound once in a whole unit run under load (session 20).
  beforeAll(async () => {
    chain = await startBitcoinChain({ port: 0, host: '127.0.0.1' });
  }, 240_000);
  afterAll(async () => {
    await chain?.stop();
  });
  return () => {
    if (!chain) throw new Error('The test Bitcoin chain is not running (did beforeAll fail?)');
    return chain;
  };
}
