import { assertPortFree } from '../ports.ts';
import { importChopsticks } from './importChopsticks.ts';
import { POLKADOT_ACCOUNT_BALANCE, POLKADOT_TEST_ACCOUNTS } from './polkadotAccounts.ts';
import { loadPolkadotGenesis } from './polkadotGenesis.ts';

export type PolkadotChainOptions = {
  /** RPC port (HTTP and websocket on the same one); 0 picks a free port. */
  port: number;
  host: string;
};

export type PolkadotChain = {
  /** The websocket RPC (@polkadot/api's WsProvider); the same port answers HTTP JSON-RPC. */
  rpcUrl: string;
  stop(): Promise<void>;
};

/**
 * A local Polkadot chain: chopsticks running Rococo Asset Hub's runtime from its genesis, offline
 * (no endpoint to fork), in this process. A block is built for each transaction as it arrives, and
 * the test accounts start with POLKADOT_ACCOUNT_BALANCE.
 */
export async function startPolkadotChain({ port, host }: PolkadotChainOptions): Promise<PolkadotChain> {
  // Chopsticks moves to the next port when one is taken; the stack wants a clear failure instead.
  if (port !== 0) await assertPortFree(port, host);
  // Chopsticks reads its log level when it is first imported; its block-by-block info is noise here.
  process.env.LOG_LEVEL ??= 'warn';
  const [{ setupWithServer }, genesis] = await Promise.all([importChopsticks(), loadPolkadotGenesis()]);
  const chopsticks = await setupWithServer({
    genesis,
    port,
    host,
    'build-block-mode': 'Instant',
    'import-storage': {
      System: {
        Account: POLKADOT_TEST_ACCOUNTS.map(({ address }) => [[address], { providers: 1, data: { free: POLKADOT_ACCOUNT_BALANCE.toString() } }]),
      },
    },
    // Parachain messages need a relay chain, which this offline chain does not have.
    'process-queued-messages': false,
  } as Parameters<typeof setupWithServer>[0]);
  return { rpcUrl: `ws://${chopsticks.addr}`, stop: () => chopsticks.close() };
}
