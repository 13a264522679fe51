import { numberToHex } from 'viem';
import { TEST_ACCOUNTS } from './accounts.ts';
import { startAnvil, type AnvilProcess } from './anvilProcess.ts';
import { DEFAULT_CHAINS, DEFAULT_HOST, type ChainConfig } from './chains.ts';
import { compileContracts } from './compile.ts';
import { deployContracts } from './deployContracts.ts';
import { formatDeployment, syncDeploymentFile, type Deployment } from './deployment.ts';
import { ACCOUNT0_NATIVE_BALANCE } from './devnetSeed.ts';
import { rpcCall } from './jsonRpc.ts';
import { assertPortFree } from './ports.ts';

export type StartDevnetOptions = { chains?: readonly ChainConfig[]; host?: string };
export type DevnetChain = { chainId: number; rpcUrl: string; wsUrl: string };
export type Devnet = { chains: DevnetChain[]; deployment: Deployment; stop(): Promise<void> };

/**
 * Starts one Anvil per chain, deploys and seeds the contracts on each, and resolves when all
 * chains are ready. Rejects (leaving nothing running) if a port is taken or a step fails.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const chains = options.chains ?? DEFAULT_CHAINS;
  const host = options.host ?? DEFAULT_HOST;
  const ports = chains.map((chain) => chain.port);
  if (new Set(ports).size !== ports.length) throw new Error(`Devnet chains need distinct ports, got ${ports.join(', ')}`);

  await compileContracts(); // cached: a no-op unless contracts/ changed
  // Check every port before spawning anything, so a taken port fails fast and starts nothing.
  for (const { port } of chains) await assertPortFree(port, host);

  const started = await Promise.allSettled(chains.map(({ chainId, port }) => startAnvil({ chainId, port, host })));
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = () => stopAll(anvils);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }

  try {
    const deployments = await Promise.all(
      chains.map(async ({ chainId }, index) => {
        const { rpcUrl } = anvils[index]!;
        const deployment = await deployContracts(rpcUrl, chainId);
        const balance = ACCOUNT0_NATIVE_BALANCE[chainId];
        if (balance !== undefined) {
          await rpcCall(rpcUrl, 'anvil_setBalance', [TEST_ACCOUNTS[0]!.address, numberToHex(balance)]);
        }
        return deployment;
      }),
    );
    const deployment = sameOnEveryChain(deployments);
    syncDeploymentFile(deployment);
    return {
      chains: chains.map(({ chainId, port }) => ({ chainId, rpcUrl: `http://${host}:${port}`, wsUrl: `ws://${host}:${port}` })),
      deployment,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function sameOnEveryChain(deployments: Deployment[]): Deployment {
  const [first, ...rest] = deployments;
  if (!first) throw new Error('startDevnet needs at least one chain');
  for (const other of rest) {
    if (formatDeployment(other) !== formatDeployment(first)) throw new Error('Devnet chains got different contract addresses');
  }
  return first;
}

async function stopAll(anvils: AnvilProcess[]): Promise<void> {
  await Promise.all(anvils.map((anvil) => anvil.stop()));
}
