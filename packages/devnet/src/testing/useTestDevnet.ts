import { afterAll, beforeAll } from 'vitest';
import { startDevnet, type Devnet } from '../startDevnet.ts';

/**
 * The shared devnet fixture for this package's tests: a real two-chain devnet on the given
 * ports (distinct per test file, since files run in parallel), started once per file.
 */
export function useTestDevnet(ports: { 31337: number; 31338: number }): () => Devnet {
  let devnet: Devnet | undefined;
  beforeAll(async () => {
    devnet = await startDevnet({
      chains: [
        { chainId: 31337, port: ports[31337] },
        { chainId: 31338, port: ports[31338] },
      ],
    });
  });
  afterAll(async () => {
    await devnet?.stop();
  });
  return () => {
    if (!devnet) throw new Error('The test devnet is not running (did beforeAll fail?)');
    return devnet;
  };
}
