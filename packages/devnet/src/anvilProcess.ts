import { anvilBinaryPath } from './anvilBinary.ts';
import { ANVIL_MNEMONIC } from './accounts.ts';
import { rpcCall } from './jsonRpc.ts';
import { spawnWatched } from './watchedProcess.ts';

export type AnvilOptions = { chainId: number; port: number; host: string };

export type AnvilProcess = {
  rpcUrl: string;
  /** Stops Anvil and resolves once it has exited (and released its port). */
  stop(): Promise<void>;
};

// Anvil runs under the watchdog of watchedProcess.ts: no devnet outlives its parent.
const READY_TIMEOUT_MS = 10_000;

export async function startAnvil({ chainId, port, host }: AnvilOptions): Promise<AnvilProcess> {
  const rpcUrl = `http://${host}:${port}`;
  const args = ['--chain-id', String(chainId), '--port', String(port), '--host', host, '--mnemonic', ANVIL_MNEMONIC, '--silent'];
  const { exited, stderr, stop } = spawnWatched(anvilBinaryPath(), args);

  const stopPolling = new AbortController();
  try {
    await Promise.race([
      waitForChainId(rpcUrl, chainId, stopPolling.signal),
      exited.then((code) => {
        throw new Error(`Anvil for chain ${chainId} exited (code ${code}) before answering on ${rpcUrl}: ${stderr().trim()}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    stopPolling.abort();
  }
  return { rpcUrl, stop };
}

async function waitForChainId(rpcUrl: string, chainId: number, stopPolling: AbortSignal): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!stopPolling.aborted) {
    const answer = await rpcCall(rpcUrl, 'eth_chainId', [], AbortSignal.timeout(1000)).catch(() => undefined);
    if (answer !== undefined) {
      if (Number(answer) !== chainId) throw new Error(`${rpcUrl} answers chain ${Number(answer)}, expected ${chainId}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`Anvil did not answer on ${rpcUrl} within ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
