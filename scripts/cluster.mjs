// `npm run cluster`: the devnet's EVM chains, PostgreSQL, Redis and 3 server replicas behind HAProxy
// on 127.0.0.1 (installed from Debian when absent), in the foreground until Ctrl-C. `npm start`
// stays the one-process default. CLUSTER_PORT moves every port (default 8780, see clusterPorts);
// CLUSTER_REPLICAS sets how many replicas (1 to 9).
import { ensureDevnetBuild, ensureNpmPackages } from './lib/ensureInstall.mjs';
import { startCluster } from './lib/cluster.mjs';
import { portFromEnv } from './lib/ports.mjs';

const basePort = portFromEnv('CLUSTER_PORT', 8780);
const replicas = Number(process.env.CLUSTER_REPLICAS || 3);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 9) {
  console.error(`CLUSTER_REPLICAS must be a whole number from 1 to 9, got "${process.env.CLUSTER_REPLICAS}"`);
  process.exit(1);
}
await ensureNpmPackages();
await ensureDevnetBuild();

let cluster;
try {
  cluster = await startCluster({ basePort, replicas, log: (line) => console.log(line) });
} catch (error) {
  console.error(`Could not start the cluster: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
console.log(`server (load balancer): ${cluster.url}`);
for (const replica of cluster.replicas) console.log(`replica ${replica.index}: ${replica.url}`);
for (const chain of cluster.chains) console.log(`chain ${chain.chainId}: ${chain.url}`);
console.log(`postgres: ${cluster.postgres.url}`);
console.log(`redis: ${cluster.redis.url}`);
console.log(`logs: ${cluster.dataDir}`);
console.log('Press Ctrl-C to stop.');

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
for (const part of [cluster.balancer, ...cluster.replicas]) {
  part.child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${part.index ? `Replica ${part.index}` : 'HAProxy'} exited (${code ?? signal}); the others keep serving. Ctrl-C stops all.`);
  });
}
