import { spawn } from 'node:child_process';
import { anvilBinaryPath } from './anvilBinary.ts';
import { ANVIL_MNEMONIC } from './accounts.ts';
import { rpcCall } from './jsonRpc.ts';

export type AnvilOptions = { chainId: number; port: number; host: string };

export type AnvilProcess = {
  rpcUrl: string;
  /** Stops Anvil and resolves once it has exited (and released its port). */
  stop(): Promise<void>;
};

/**
 * Anvil runs under a small sh watchdog that holds the read end of a pipe from this process.
 * When this process dies in any way (even SIGKILL), the kernel closes the pipe, `read` returns
 * and the watchdog kills Anvil; no devnet outlives its parent. A normal stop closes the pipe on
 * purpose. The watchdog exits only after Anvil has exited, with Anvil's status.
 */
const WATCHDOG = `
exec 3<&0 0</dev/null
"$0" "$@" &
anvil=$!
{ read -r _ <&3; kill "$anvil" 2>/dev/null; } &
watcher=$!
exec 3<&-
wait "$anvil"
status=$?
kill "$watcher" 2>/dev/null
exit "$status"
`;

const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;

export async function startAnvil({ chainId, port, host }: AnvilOptions): Promise<AnvilProcess> {
  const rpcUrl = `http://${host}:${port}`;
  const args = ['--chain-id', String(chainId), '--port', String(port), '--host', host, '--mnemonic', ANVIL_MNEMONIC, '--silent'];
  // detached: its own process group, so the fallback in stop() can kill the watchdog and Anvil together.
  const child = spawn('sh', ['-c', WATCHDOG, anvilBinaryPath(), ...args], {
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.once('error', () => {}); // a spawn failure also emits 'exit'
  child.stdin.on('error', () => {}); // EPIPE if the watchdog is already gone; exit is handled above

  async function stop(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin.end();
    const timer = setTimeout(() => killGroup(child.pid), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  const stopPolling = new AbortController();
  try {
    await Promise.race([
      waitForChainId(rpcUrl, chainId, stopPolling.signal),
      exited.then((code) => {
        throw new Error(`Anvil for chain ${chainId} exited (code ${code}) before answering on ${rpcUrl}: ${stderr.trim()}`);
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

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
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
