import { createPublicClient, http, toHex, type Address, type Hash, type Hex } from 'viem';
import { entryPoint07Abi } from 'viem/account-abstraction';
import { deployment } from '@cairn/devnet';

// The devnet's blocks held back while a bundle waits in the node's pool, so a test can change the
// chain under it (a gas spike, a receiver that now reverts) before it is mined. Which bundle landed,
// and how its user operation ended, is read from the chain: the EntryPoint's UserOperationEvent.

const { entryPoint } = deployment.contracts;
const POOL_POLL_MS = 50;

export type ChainClient = ReturnType<typeof createPublicClient>;
/** A transaction as the node's pool lists it (its numbers in hex). */
export type PooledBundle = { hash: Hash; to: Address | null; maxFeePerGas: Hex };
export type UserOperationEvent = Awaited<ReturnType<typeof userOperationEvents>>[number];

export function devnetClient(rpcUrl: string): ChainClient {
  return createPublicClient({ transport: http(rpcUrl) });
}

const rpc = (client: ChainClient, method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never });

/** The EntryPoint's UserOperationEvents of `sender`'s operations mined from `fromBlock` on. */
export function userOperationEvents(client: ChainClient, sender: Address, fromBlock: bigint) {
  return client.getContractEvents({ address: entryPoint, abi: entryPoint07Abi, eventName: 'UserOperationEvent', args: { sender }, fromBlock });
}

/** The bundles (transactions to the EntryPoint) waiting in the node's pool. */
async function bundlesInPool(client: ChainClient): Promise<PooledBundle[]> {
  const pool = (await rpc(client, 'txpool_content')) as { pending: Record<string, Record<string, PooledBundle>> };
  return Object.values(pool.pending)
    .flatMap((byNonce) => Object.values(byNonce))
    .filter((transaction) => transaction.to?.toLowerCase() === entryPoint.toLowerCase());
}

/** The first bundle in the pool that `accept` takes, once there is one (polled; at most `timeoutMs`). */
async function bundleInPool(client: ChainClient, accept: (bundle: PooledBundle) => boolean, timeoutMs: number): Promise<PooledBundle | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await bundlesInPool(client)).find(accept);
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, POOL_POLL_MS));
  }
}

/**
 * Runs `send` with the chain's automine off, waits for the bundler's bundle in the pool, runs
 * `whileHeld` with it, then mines again as before (the block after it mines what is left in the pool).
 * Resolves with what `whileHeld` gave.
 */
export async function holdingTheBundle<T>(client: ChainClient, send: () => Promise<void>, whileHeld: (bundle: PooledBundle) => Promise<T>): Promise<T> {
  await rpc(client, 'evm_setAutomine', [false]);
  const baseFee = (await client.getBlock()).baseFeePerGas!;
  try {
    await send();
    const bundle = await bundleInPool(client, () => true, 30_000);
    if (!bundle) throw new Error(`No bundle came to the pool: ${JSON.stringify(await rpc(client, 'txpool_content'))}`);
    return await whileHeld(bundle);
  } finally {
    await rpc(client, 'anvil_setNextBlockBaseFeePerGas', [toHex(baseFee)]);
    await rpc(client, 'evm_setAutomine', [true]);
    await rpc(client, 'evm_mine');
  }
}

/**
 * Makes the bundler replace the bundle that carries `sender`'s user operation, and lets the chain
 * mine whichever bundle it sends then. Blocks whose base fee is above the first bundle's fee cap
 * leave it out (Anvil drops it from the pool); on the next block it handles, alto sees its bundle
 * priced out and resends it with higher fees. Alto handles one block at a time and skips blocks that
 * come while it is busy, so the chain keeps making blocks (as a real one does) until a replacement
 * comes; then mines until the operation lands. Which transaction landed it is the chain's
 * UserOperationEvent, never a guess from the pool.
 */
export async function replacingTheBundle(client: ChainClient, sender: Address, send: () => Promise<void>): Promise<{ first: Hash; event: UserOperationEvent }> {
  const fromBlock = (await client.getBlockNumber()) + 1n;
  return holdingTheBundle(client, send, async (first) => {
    const deadline = Date.now() + 30_000;
    // The first block is priced above it; later ones too until a replacement waits in the pool.
    let replaced = false;
    for (;;) {
      if (!replaced) await rpc(client, 'anvil_setNextBlockBaseFeePerGas', [toHex(BigInt(first.maxFeePerGas) * 2n)]);
      await rpc(client, 'evm_mine');
      const events = await userOperationEvents(client, sender, fromBlock);
      if (events.length > 1) throw new Error(`More than one user operation of ${sender} landed: ${events.map((event) => event.transactionHash).join(', ')}`);
      if (events[0]) return { first: first.hash, event: events[0] };
      if (Date.now() > deadline) throw new Error(`The user operation of ${sender} did not land; the pool: ${JSON.stringify(await rpc(client, 'txpool_content'))}`);
      replaced = (await bundleInPool(client, (bundle) => bundle.hash !== first.hash, 1_000)) !== undefined;
    }
  });
}
