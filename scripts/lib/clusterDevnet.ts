// The cluster's chains: the devnet's EVM chains only (the replicas' data API, sign-in and indexer
// need no more), on ports from CLUSTER_CHAIN_PORTS ("31337:8545,31338:8546"). Prints
// `chain <id>: <url>` per chain once deployed, then stays up until SIGINT/SIGTERM.
import { startDevnet } from '@cairn/devnet';

const chains = (process.env.CLUSTER_CHAIN_PORTS ?? '').split(',').filter(Boolean).map((entry) => {
  const [chainId, port] = entry.split(':').map(Number);
  if (!Number.isInteger(chainId) || !Number.isInteger(port)) throw new Error(`CLUSTER_CHAIN_PORTS: "${entry}" is not <chainId>:<port>`);
  return { chainId: chainId!, port: port! };
});
const devnet = await startDevnet({ chains });
const stop = () => void devnet.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const chain of devnet.chains) console.log(`chain ${chain.chainId}: ${chain.rpcUrl}`);
