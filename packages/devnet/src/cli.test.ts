import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALTO_INSTALL_WAIT_MS, altoCli } from './bundler/altoProcess.ts';
import { packageDir } from './paths.ts';
import { anvilPidsOnPort } from './testing/anvilProcesses.ts';
import { waitFor } from './testing/waitFor.ts';

const PORTS = [18560, 18561];
const SOLANA_PORT = 18562;
const POLKADOT_PORT = 18564;
const BITCOIN_PORT = 18565; // the Solana websocket takes 18563, Polkadot 18564
const BUNDLER_PORTS = [18566, 18567];
const running: ChildProcessWithoutNullStreams[] = [];

/**
 * Starts src/cli.ts as `npm start` would; `env` adds to (or turns off) its ports, e.g.
 * CHAIN_PORT_POLKADOT=off.
 */
function spawnCli(env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  const cli = spawn(process.execPath, ['--conditions=@cairn/source', '--import', 'tsx', join(packageDir, 'src/cli.ts')], {
    cwd: packageDir,
    env: {
      ...process.env,
      CHAIN_PORT_31337: String(PORTS[0]),
      CHAIN_PORT_31338: String(PORTS[1]),
      CHAIN_PORT_SOLANA: String(SOLANA_PORT),
      CHAIN_PORT_POLKADOT: String(POLKADOT_PORT),
      CHAIN_PORT_BITCOIN: String(BITCOIN_PORT),
      BUNDLER_PORT_31337: String(BUNDLER_PORTS[0]),
      BUNDLER_PORT_31338: String(BUNDLER_PORTS[1]),
      ...env,
    },
  });
  running.push(cli);
  return cli;
}

/** Starts src/cli.ts and resolves with its first stdout lines. */
async function startCli(lineCount: number): Promise<{ cli: ChildProcessWithoutNullStreams; lines: string[] }> {
  const cli = spawnCli();
  const lines: string[] = [];
  const stdout = createInterface({ input: cli.stdout });
  for await (const line of stdout) {
    lines.push(line);
    if (lines.length === lineCount) break;
  }
  return { cli, lines };
}

const WITHOUT_POLKADOT_AND_BUNDLERS = { CHAIN_PORT_POLKADOT: 'off', BUNDLER_PORT_31337: 'off', BUNDLER_PORT_31338: 'off' };

const noAnvilLeft = () => PORTS.every((port) => anvilPidsOnPort(port).length === 0);
const anvilsRun = () => PORTS.every((port) => anvilPidsOnPort(port).length === 1);
// Each look reads every process's command line in /proc: not every 25 ms for the seconds of a start.
const ANVIL_POLL_MS = 200;

afterEach(async () => {
  for (const cli of running.splice(0)) if (cli.exitCode === null && cli.signalCode === null) cli.kill('SIGKILL');
  await waitFor(noAnvilLeft, 'the test devnet to be gone');
});

// Its five chains start in seconds alone; the Polkadot chain's WebAssembly and alto's load take
// minutes on a crowded machine (29 s of 30 in one CI run, with npm test's lanes beside it; 180 s
// ran out for one of three starts in each of session 18's two runs at load ~20-35).
const CLI_START_TIMEOUT_MS = 300_000;

describe('devnet cli', () => {
  beforeAll(() => altoCli(), ALTO_INSTALL_WAIT_MS); // its bundlers' alto, installed on first use
  it('prints one line per chain, then one per bundler, and exits 0 on SIGTERM leaving no anvil', async () => {
    const { cli, lines } = await startCli(7);
    expect(lines).toEqual([
      `chain 31337: http://127.0.0.1:${PORTS[0]}`,
      `chain 31338: http://127.0.0.1:${PORTS[1]}`,
      `chain solana: http://127.0.0.1:${SOLANA_PORT}`,
      `chain polkadot: ws://127.0.0.1:${POLKADOT_PORT}`,
      `chain bitcoin: http://127.0.0.1:${BITCOIN_PORT}`,
      `bundler 31337: http://127.0.0.1:${BUNDLER_PORTS[0]}`,
      `bundler 31338: http://127.0.0.1:${BUNDLER_PORTS[1]}`,
    ]);
    expect(PORTS.map((port) => anvilPidsOnPort(port).length)).toEqual([1, 1]);
    cli.kill('SIGTERM');
    const [code] = await once(cli, 'exit');
    expect(code).toBe(0);
    expect(noAnvilLeft()).toBe(true);
  }, CLI_START_TIMEOUT_MS);

  // The two signal tests below signal as soon as both anvils run, while the cli still starts its
  // other chains: a signal then is what they test too (SIGINT: the start is finished, then all is
  // stopped; SIGKILL: the watchdogs end the anvils). They run without the Polkadot chain and the
  // bundlers, which the test above starts and stops: a SIGINT during the start waited for Polkadot's
  // chain to finish starting (chopsticks, in the cli's process: 166 s of ci23's 360 s for this file,
  // at load ~10-20), and the bundlers start only after the chain lines (never, once signalled).
  // Both anvils, Solana's and Bitcoin's chains still start and are stopped (SIGINT) or outlive
  // nothing (SIGKILL). The three full starts cost ~61 CPU-s in ci9 of session 18.
  it('exits 0 on SIGINT during its start, after stopping what it started', async () => {
    const cli = spawnCli(WITHOUT_POLKADOT_AND_BUNDLERS);
    await waitFor(anvilsRun, 'both anvils of the cli', CLI_START_TIMEOUT_MS, ANVIL_POLL_MS);
    cli.kill('SIGINT');
    const [code] = await once(cli, 'exit');
    expect(code).toBe(0);
    expect(noAnvilLeft()).toBe(true);
  }, CLI_START_TIMEOUT_MS);

  it('leaves no anvil running when it is killed with SIGKILL', async () => {
    const cli = spawnCli(WITHOUT_POLKADOT_AND_BUNDLERS);
    await waitFor(anvilsRun, 'both anvils of the cli', CLI_START_TIMEOUT_MS, ANVIL_POLL_MS);
    cli.kill('SIGKILL');
    await once(cli, 'exit');
    await waitFor(noAnvilLeft, 'anvil to exit after its parent was killed', 3000);
  }, CLI_START_TIMEOUT_MS);
});
