import { afterAll, beforeAll } from 'vitest';
import { startSolanaChain, type SolanaChain } from '../solana/startSolanaChain.ts';

/**
 * The shared local Solana chain fixture: a real Surfpool chain on free ports, seeded like the
 * devnet's (funded test accounts, the CSOL mint), started once per test file.
 */
export function useTestSolanaChain(): () => SolanaChain {
  let chain: SolanaChain | undefined;
  beforeAll(async () => {
    chain = await startSolanaChain({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await chain?.stop();
  });
  return () => {
    if (!chain) throw new Error('The test Solana chain is not running (did beforeAll fail?)');
    return chain;
  };
}
