import { afterAll, beforeAll } from 'vitest';
import { ALTO_INSTALL_WAIT_MS, altoCli } from '../bundler/altoProcess.ts';
import { startDevnet, type Devnet } from '../startDevnet.ts';

export type SmartAccountChain = Devnet & { bundlerUrl: string };

/**
 * One devnet chain (31337) with its ERC-4337 bundler (alto and the paymaster's calls), started once
 * per test file on the given ports (distinct per file, since files run in parallel).
 */
export function useTestSmartAccountChain(ports: { chain: number; bundler: number }): () => SmartAccountChain {
  let devnet: Devnet | undefined;
  beforeAll(() => altoCli(), ALTO_INSTALL_WAIT_MS);
  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: ports.chain, bundlerPort: ports.bundler }], bundlers: true });
  }, 240_000);
  afterAll(async () => {
    await devnet?.stop();
  });
  return () => {
    const bundlerUrl = devnet?.chains[0]?.bundlerUrl;
    if (!devnet || !bundlerUrl) throw new Error('The test chain and its bundler are not running (did beforeAll fail?)');
    return { ...devnet, bundlerUrl };
  };
}
