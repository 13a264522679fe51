import { assertPortFree } from '../ports.ts';
import { startEsploraFacade } from './esploraFacade.ts';
import { startRegtestNode } from './regtestNode.ts';

export type BitcoinChain = {
  /** The Esplora API base URL of the local regtest chain. */
  esploraUrl: string;
  stop(): Promise<void>;
};

/**
 * A local Bitcoin regtest chain (bcoin in memory, in this process) behind an Esplora HTTP API, the
 * test accounts funded by real transactions. 0 picks a free port.
 */
export async function startBitcoinChain({ port, host }: { port: number; host: string }): Promise<BitcoinChain> {
  if (port !== 0) await assertPortFree(port, host);
  const node = await startRegtestNode();
  try {
    const facade = await startEsploraFacade(node, { port, host });
    return {
      esploraUrl: facade.url,
      stop: async () => {
        await facade.close();
        await node.close();
      },
    };
  } catch (error) {
    await node.close();
    throw error;
  }
}

/** Mines `blocks` on the facade (its POST /regtest/mine), e.g. to confirm a send in a test. */
export async function mineBitcoinBlocks(esploraUrl: string, blocks = 1): Promise<number> {
  const response = await fetch(`${esploraUrl}/regtest/mine`, { method: 'POST', body: JSON.stringify({ blocks }) });
  if (!response.ok) throw new Error(`Mining failed: ${await response.text()}`);
  return ((await response.json()) as { height: number }).height;
}
