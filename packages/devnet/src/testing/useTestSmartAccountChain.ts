import { afterAll, beforeAll } from 'vitest';
import { ALTO_INSTALL_WAIT_MS, altoCli } from '../bundler/altoProcess.ts';
import { rpcCall } from '../jsonRpc.ts';
import { startDevnet, type Devnet } from '../startDevnet.ts';
import { holdWatchedProcesses } from '../watchedProcess.ts';

export type SmartAccountChain = Devnet & { bundlerUrl: string };

/**
 * How long a chain no file uses is kept for the next file of the same worker. The files run one
 * after another in a worker, other files between them (a few seconds each, more under load).
 */
export const SHARED_CHAIN_IDLE_MS = 120_000;

/** The base fee a file finds on a chain another file used (what the fee tests' resetBaseFee sets): 1 gwei. */
const ONE_GWEI = '0x3b9aca00';

/**
 * This worker's chain and bundler, while a file uses it or for SHARED_CHAIN_IDLE_MS after. The
 * libraries project shares one module graph per worker (vitest.config.ts): each file of it that
 * starts a chain and a bundler cost 6.5 CPU-s and 15–28 s (session 26), and six files do.
 */
let shared: { devnet: Promise<Devnet>; users: number; idle?: NodeJS.Timeout } | undefined;

async function takeChain(ports: { chain: number; bundler: number }): Promise<Devnet> {
  if (shared) {
    clearTimeout(shared.idle);
    shared.users += 1;
    holdWatchedProcesses(true);
    const devnet = await shared.devnet;
    // Another file's fee tests may have left a raised base fee: this file starts from 1 gwei.
    const { rpcUrl } = devnet.chains[0]!;
    await rpcCall(rpcUrl, 'anvil_setNextBlockBaseFeePerGas', [ONE_GWEI]);
    await rpcCall(rpcUrl, 'anvil_mine', ['0x1']);
    return devnet;
  }
  const mine = { devnet: startDevnet({ chains: [{ chainId: 31337, port: ports.chain, bundlerPort: ports.bundler }], bundlers: true }), users: 1 };
  shared = mine;
  // A start that failed is not kept: the next file tries its own.
  return mine.devnet.catch((error: unknown) => {
    if (shared === mine) shared = undefined;
    throw error;
  });
}

function releaseChain() {
  const held = shared;
  if (!held) return;
  held.users -= 1;
  if (held.users > 0) return;
  // Kept for the next file, without keeping the worker alive: a worker that ends stops it (its
  // processes' watchdog). Held, it delayed the end of a run of these files by 19 s (session 26).
  holdWatchedProcesses(false);
  held.idle = setTimeout(() => {
    if (shared !== held || held.users > 0) return;
    shared = undefined;
    void held.devnet.then((devnet) => devnet.stop(), () => undefined);
  }, SHARED_CHAIN_IDLE_MS);
  held.idle.unref();
}

/**
 * One devnet chain (31337) with its ERC-4337 bundler (alto and the paymaster's calls): started by
 * the first file of a worker that asks, on that file's ports (distinct per file, since files run in
 * parallel), and kept for the worker's next files (session 26). Each file makes its own owners and
 * accounts (random keys), so what one file leaves on the chain is not another's.
 */
export function useTestSmartAccountChain(ports: { chain: number; bundler: number }): () => SmartAccountChain {
  let devnet: Devnet | undefined;
  let taken = false;
  beforeAll(() => altoCli(), ALTO_INSTALL_WAIT_MS);
  beforeAll(async () => {
    taken = true;
    devnet = await takeChain(ports);
  }, 240_000);
  afterAll(() => {
    if (taken) releaseChain();
  });
  return () => {
    const bundlerUrl = devnet?.chains[0]?.bundlerUrl;
    if (!devnet || !bundlerUrl) throw new Error('The test chain and its bundler are not running (did beforeAll fail?)');
    return { ...devnet, bundlerUrl };
  };
}
