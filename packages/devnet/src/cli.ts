import { startBundlers, type Bundler } from './bundler/startBundler.ts';
import { DEFAULT_BITCOIN_PORT, DEFAULT_CHAINS, DEFAULT_HOST, DEFAULT_POLKADOT_PORT, DEFAULT_SOLANA_PORT, POLKADOT_OFF } from './chains.ts';
import { startDevnet } from './startDevnet.ts';

// `npm start` and e2e run this: one stdout line per chain, then stay up until SIGINT/SIGTERM.
const startedAt = performance.now();
const starting = startDevnet({
  solana: { port: DEFAULT_SOLANA_PORT },
  ...(POLKADOT_OFF ? {} : { polkadot: { port: DEFAULT_POLKADOT_PORT } }),
  bitcoin: { port: DEFAULT_BITCOIN_PORT },
});

// Listen before anything is printed: a caller may signal as soon as it reads the lines.
let stopping = false;
let bundlers: Bundler[] = [];
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
// The bundlers come after the chain lines: alto takes seconds to load, and nothing else waits for it.
if (!stopping) {
  const chains = devnet.chains.flatMap((chain, index) => {
    const bundlerPort = DEFAULT_CHAINS[index]?.bundlerPort;
    return bundlerPort === undefined ? [] : [{ ...chain, bundlerPort }];
  });
  bundlers = await startBundlers(chains, devnet.deployment, DEFAULT_HOST).catch((error: unknown) => {
    console.error(`bundler: ${error instanceof Error ? error.message : String(error)}`);
    void shutdown();
    return [];
  });
  if (!stopping) for (const bundler of bundlers) console.log(`bundler ${bundler.chainId}: ${bundler.url}`);
}
