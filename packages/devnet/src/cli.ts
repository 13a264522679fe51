import { startBundlers, type Bundler } from './bundler/startBundler.ts';
import { DEFAULT_BITCOIN_PORT, DEFAULT_CHAINS, DEFAULT_HOST, DEFAULT_POLKADOT_PORT, DEFAULT_SOLANA_PORT, POLKADOT_OFF } from './chains.ts';
import { startDevnet } from './startDevnet.ts';

// `npm start` and e2e run this: one stdout line per chain, then stay up until SIGINT/SIGTERM.
const startedAt = performance.now();
let stopping = false;
/** The bundlers up: stopped on a signal (one still loading dies with this process, its watchdog). */
let bundlers: Bundler[] = [];
// The bundlers start as soon as the contracts are deployed, beside the chains still starting (alto's
// load took 14 s after the chain lines at load ~13, while Polkadot's chain starts for 20-40 s); their
// lines still come after the chain lines.
let startingBundlers: Promise<Bundler[]> | undefined;
const starting = startDevnet({
  solana: { port: DEFAULT_SOLANA_PORT },
  ...(POLKADOT_OFF ? {} : { polkadot: { port: DEFAULT_POLKADOT_PORT } }),
  bitcoin: { port: DEFAULT_BITCOIN_PORT },
  onDeployed: (deployedChains, deployment) => {
    if (stopping) return;
    const chains = deployedChains.flatMap((chain, index) => {
      const bundlerPort = DEFAULT_CHAINS[index]?.bundlerPort;
      return bundlerPort === undefined ? [] : [{ ...chain, bundlerPort }];
    });
    startingBundlers = startBundlers(chains, deployment, DEFAULT_HOST);
    // Its failure is said below, after the chain lines, or not at all once the devnet failed.
    startingBundlers.then((up) => (bundlers = up)).catch(() => undefined);
  },
});

// Listen before anything is printed: a caller may signal as soon as it reads the lines.
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const devnet = await starting.catch(() => undefined);
  // A bundler still loading dies with this process (its watchdog); those up are stopped.
  await Promise.all(bundlers.map((bundler) => bundler.stop()));
  await devnet?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

const devnet = await starting.catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
if (!stopping) {
  for (const chain of devnet.chains) console.log(`chain ${chain.chainId}: ${chain.rpcUrl}`);
  if (devnet.solana) console.log(`chain solana: ${devnet.solana.rpcUrl}`);
  if (devnet.polkadot) console.log(`chain polkadot: ${devnet.polkadot.rpcUrl}`);
  if (devnet.bitcoin) console.log(`chain bitcoin: ${devnet.bitcoin.esploraUrl}`);
  console.error(`devnet ready in ${Math.round(performance.now() - startedAt)} ms`);
}
// The bundlers' lines come after the chain lines: nothing else waits for them.
if (!stopping && startingBundlers) {
  bundlers = await startingBundlers.catch((error: unknown) => {
    console.error(`bundler: ${error instanceof Error ? error.message : String(error)}`);
    void shutdown();
    return [];
  });
  if (!stopping) for (const bundler of bundlers) console.log(`bundler ${bundler.chainId}: ${bundler.url}`);
}
