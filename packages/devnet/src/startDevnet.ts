import { numberToHex } from 'viem';
import { TEST_ACCOUNTS } from './accounts.ts';
import { startAnvil } from './anvilProcess.ts';
import { DEFAULT_CHAINS, DEFAULT_HOST, type ChainConfig } from './chains.ts';
import { compileContracts } from './compile.ts';
import { deployContracts } from './deployContracts.ts';
import { installFarcasterIdRegistry } from './farcaster/idRegistry.ts';
import { formatDeployment, syncDeploymentFile, type Deployment } from './deployment.ts';
import { ACCOUNT0_NATIVE_BALANCE } from './devnetSeed.ts';
import { rpcCall } from './jsonRpc.ts';
import { assertPortFree } from './ports.ts';
import { startSolanaChain, type SolanaChain } from './solana/startSolanaChain.ts';
import { startPolkadotChain, type PolkadotChain } from './polkadot/startPolkadotChain.ts';
import { startBitcoinChain } from './bitcoin/startBitcoinChain.ts';
import { startBundlers } from './bundler/startBundler.ts';

export type StartDevnetOptions = {
  chains?: readonly ChainConfig[];
  host?: string;
  /** Also start the local Solana chain, RPC on this port (websocket on port + 1; 0 picks free ports). */
  solana?: { port: number };
  /** Also start the local Polkadot chain (chopsticks), RPC on this port (0 picks a free port). */
  polkadot?: { port: number };
  /** Also start the local Bitcoin regtest chain (bcoin) behind an Esplora API on this port (0: a free one). */
  bitcoin?: { port: number };
  /** Also start an ERC-4337 bundler (alto, with the paymaster's ERC-7677 calls) per chain, on its `bundlerPort`. */
  bundlers?: boolean;
  /**
   * Called once the contracts are on every anvil, while the other chains may still be starting: a
   * caller that starts its own parts on the anvils (the cli's bundlers) need not wait for them.
   */
  onDeployed?: (chains: readonly { chainId: number; rpcUrl: string }[], deployment: Deployment) => void;
};
export type DevnetChain = { chainId: number; rpcUrl: string; wsUrl: string; bundlerUrl?: string };
export type DevnetSolanaChain = Omit<SolanaChain, 'stop'>;
export type DevnetPolkadotChain = Omit<PolkadotChain, 'stop'>;
export type Devnet = { chains: DevnetChain[]; solana?: DevnetSolanaChain; polkadot?: DevnetPolkadotChain; bitcoin?: { esploraUrl: string }; deployment: Deployment; stop(): Promise<void> };

/**
 * Starts one Anvil per chain, deploys and seeds the contracts on each, and resolves when all
 * chains are ready. Rejects (leaving nothing running) if a port is taken or a step fails.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const chains = options.chains ?? DEFAULT_CHAINS;
  const host = options.host ?? DEFAULT_HOST;
  const ports = chains.flatMap((chain) => [chain.port, ...(options.bundlers && chain.bundlerPort !== undefined ? [chain.bundlerPort] : [])]);
  if (new Set(ports).size !== ports.length) throw new Error(`Devnet chains need distinct ports, got ${ports.join(', ')}`);

  await compileContracts(); // cached: a no-op unless contracts/ changed
  // Check every port before spawning anything, so a taken port fails fast and starts nothing.
  for (const port of ports) await assertPortFree(port, host);

  const started = await Promise.allSettled(chains.map(({ chainId, port }) => startAnvil({ chainId, port, host })));
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const running: { stop(): Promise<void> }[] = [...anvils];
  const stop = () => stopAll(running);
  const anvilFailure = started.find((result) => result.status === 'rejected');
  if (anvilFailure) {
    await stop();
    throw anvilFailure.reason;
  }

  // The other chains and the contracts side by side: Solana's chain is a child process, Polkadot's
  // and Bitcoin's wait on chopsticks' executor thread and on timers, and the deployments on the
  // anvils; one after the other, the Polkadot chain's start (~20 s at load ~13) waited behind
  // Solana's and came before Bitcoin's and the deployments.
  const startedAside = <T extends { stop(): Promise<void> }>(chain: Promise<T>) =>
    chain.then((value) => {
      running.push(value);
      return value;
    });
  const [deployed, solana, polkadot, bitcoin] = await Promise.allSettled([
    Promise.all(chains.map(async ({ chainId }, index) => deployOnChain(anvils[index]!.rpcUrl, chainId))).then((deployments) => {
      options.onDeployed?.(
        chains.map(({ chainId }, index) => ({ chainId, rpcUrl: anvils[index]!.rpcUrl })),
        sameOnEveryChain(deployments),
      );
      return deployments;
    }),
    options.solana ? startedAside(startSolanaChain({ port: options.solana.port, host })) : undefined,
    options.polkadot ? startedAside(startPolkadotChain({ port: options.polkadot.port, host })) : undefined,
    options.bitcoin ? startedAside(startBitcoinChain({ port: options.bitcoin.port, host })) : undefined,
  ]);
  if (deployed.status === 'rejected' || solana.status === 'rejected' || polkadot.status === 'rejected' || bitcoin.status === 'rejected') {
    await stop();
    throw [deployed, solana, polkadot, bitcoin].flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))[0];
  }

  try {
    const deployment = sameOnEveryChain(deployed.value);
    syncDeploymentFile(deployment);
    const bundlers = options.bundlers ? await startBundlers(chains.map((chain, index) => ({ ...chain, rpcUrl: anvils[index]!.rpcUrl })), deployment, host) : [];
    running.push(...bundlers);
    return {
      chains: chains.map(({ chainId, port }, index) => ({
        chainId,
        rpcUrl: `http://${host}:${port}`,
        wsUrl: `ws://${host}:${port}`,
        ...(bundlers[index] ? { bundlerUrl: bundlers[index].url } : {}),
      })),
      ...(solana.value ? { solana: { rpcUrl: solana.value.rpcUrl, wsUrl: solana.value.wsUrl, mint: solana.value.mint } } : {}),
      ...(polkadot.value ? { polkadot: { rpcUrl: polkadot.value.rpcUrl } } : {}),
      ...(bitcoin.value ? { bitcoin: { esploraUrl: bitcoin.value.esploraUrl } } : {}),
      deployment,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Deploys and seeds the contracts on one anvil. */
async function deployOnChain(rpcUrl: string, chainId: number): Promise<Deployment> {
  const deployment = await deployContracts(rpcUrl, chainId);
  await installFarcasterIdRegistry(rpcUrl);
  const balance = ACCOUNT0_NATIVE_BALANCE[chainId];
  if (balance !== undefined) {
    await rpcCall(rpcUrl, 'anvil_setBalance', [TEST_ACCOUNTS[0]!.address, numberToHex(balance)]);
  }
  return deployment;
}

function sameOnEveryChain(deployments: Deployment[]): Deployment {
  const [first, ...rest] = deployments;
  if (!first) throw new Error('startDevnet needs at least one chain');
  for (const other of rest) {
    if (formatDeployment(other) !== formatDeployment(first)) throw new Error('Devnet chains got different contract addresses');
  }
  return first;
}

async function stopAll(anvils: { stop(): Promise<void> }[]): Promise<void> {
  await Promise.all(anvils.map((anvil) => anvil.stop()));
}
