import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Address, Hex } from 'viem';
import { packageDir } from '../paths.ts';
import { spawnWatched } from '../watchedProcess.ts';

// Alto loads a large tree (tracing, queues) before it listens: 5 s idle, far more on a busy machine.
const READY_TIMEOUT_MS = 180_000;

export type AltoOptions = {
  rpcUrl: string;
  entryPoint: Address;
  executorKey: Hex;
  host: string;
  /** Picks alto's port (default: a free one; a test passes one it holds, to lose the race). */
  pickPort?: (host: string) => Promise<number>;
};
export type AltoProcess = { url: string; stop(): Promise<void> };

/**
 * How long a test waits for alto's install in a hook of its own (its devnet's hook keeps its budget):
 * under `npm test` the install runs in a lane beside the suites, 91 s alone at load 10.
 */
export const ALTO_INSTALL_WAIT_MS = 1_200_000;

// The repository's installer of test-only packages (a process, not an import: this package reaches
// the root folders by no import, and the installer is plain Node for the scripts that also use it).
const INSTALL_ON_DEMAND = join(packageDir, '..', '..', 'scripts', 'installOnDemand.mjs');
let installed: Promise<string> | undefined; // altoCli's one ask per process

/**
 * Alto's command line, installed on first use (scripts/onDemand/alto: 268 packages and 159 MB that
 * only the smart-account tests and the local stack's bundlers need, kept out of the root install
 * for a newcomer's first `npm start`, issue 28). Concurrent callers, in any process, share one
 * install; once installed, the installer only compares its lockfile's fingerprint (~0.2 s).
 */
export function altoCli(): Promise<string> {
  // One ask per process: a devnet starts a bundler per chain at once.
  installed ??= installedAltoCli();
  installed.catch(() => (installed = undefined)); // a failed install is tried again by the next caller
  return installed;
}

async function installedAltoCli(): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(process.execPath, [INSTALL_ON_DEMAND, '--json', 'alto'], { maxBuffer: 1 << 20 }));
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`The bundler (alto) could not be installed: ${(stderr ?? String(error)).trim().slice(-1000)}`);
  }
  const dir = join((JSON.parse(stdout) as { alto: string }).alto, 'node_modules', '@pimlico', 'alto');
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { bin: { alto: string } };
  return join(dir, bin.alto);
}

/**
 * Pimlico's alto (GPL-3.0-or-later), the ERC-4337 bundler, as a separate process of the local
 * stack only: an on-demand install of the repository's (altoCli), never imported by shipped code.
 * Safe mode is off (it needs a node with the ERC-7562 tracer, which Anvil lacks): the EntryPoint's
 * own checks still run on every user operation.
 */
export async function startAlto(options: AltoOptions): Promise<AltoProcess> {
  const cli = await altoCli();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAltoOnce(cli, options);
    } catch (error) {
      if (!(error instanceof LostPortRace) || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

// Its port is picked here and bound by alto a moment later: another process may take it between.
const PORT_ATTEMPTS = 3;
class LostPortRace extends Error {}

async function startAltoOnce(cli: string, options: AltoOptions): Promise<AltoProcess> {
  const port = await (options.pickPort ?? freePort)(options.host);
  const args = [
    cli,
    ['--entrypoints', options.entryPoint],
    ['--executor-private-keys', options.executorKey],
    ['--utility-private-key', options.executorKey],
    ['--rpc-url', options.rpcUrl],
    ['--port', String(port)],
    ['--safe-mode', 'false'],
    // Anvil mines each transaction at once: poll for receipts often, bundle as soon as an operation arrives.
    ['--block-time', '100'],
    ['--min-bundle-interval', '50'],
    ['--max-bundle-interval', '200'],
    ['--utility-wallet-monitor', 'false'],
    ['--refilling-wallets', 'false'],
    ['--log-level', 'warn'],
  ].flat();
  const { exited, stderr, stdout, stop } = spawnWatched(process.execPath, args);
  const url = `http://127.0.0.1:${port}/rpc`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      const answer = await Promise.race([
        supportedEntryPoints(url).catch(() => undefined),
        exited.then((code) => {
          // Alto logs its own errors (a port in use among them) on stdout.
          const output = `${stdout().trim()}\n${stderr().trim()}`.trim();
          const message = `The bundler (alto) exited (code ${code}) before it answered: ${output.slice(-500)}`;
          throw /EADDRINUSE/.test(output) ? new LostPortRace(message) : new Error(message);
        }),
      ]);
      if (Array.isArray(answer)) break;
      if (Date.now() > deadline) throw new Error(`The bundler (alto) did not answer on ${url} within ${READY_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

// Alto takes no JSON-RPC batches (jsonRpc.ts sends one even for a single call): a plain request.
async function supportedEntryPoints(url: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    signal: AbortSignal.timeout(1000),
  });
  return ((await response.json()) as { result?: unknown }).result;
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host, port: 0 }, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
