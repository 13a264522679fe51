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
import { startBitcoinChain, type BitcoinChain } from './bitcoin/startBitcoinChain.ts';
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
  let failure = started.find((result) => result.status === 'rejected');
  let solana: SolanaChain | undefined;
  if (!failure && options.solana) {
    try {
      solana = await startSolanaChain({ port: options.solana.port, host });
      running.push(solana);
    } catch (error) {
      failure = { status: 'rejected', reason: error };
    }
  }
  let polkadot: PolkadotChain | undefined;
  if (!failure && options.polkadot) {
    try {
      polkadot = await startPolkadotChain({ port: options.polkadot.port, host });
      running.push(polkadot);
    } catch (error) {
      failure = { status: 'rejected', reason: error };
    }
  }
  let bitcoin: BitcoinChain | undefined;
  if (!failure && options.bitcoin) {
    try {
      bitcoin = await startBitcoinChain({ port: options.bitcoin.port, host });
      running.push(bitcoin);
    } catch (error) {
      failure = { status: 'rejected', reason: error };
    }
  }
  if (failure) {
    await stop();
    throw failure.reason;
  }

  try {
    const deployments = await Promise.all(
      chains.map(async ({ chainId }, index) => {
        const { rpcUrl } = anvils[index]!;
        const deployment = await deployContracts(rpcUrl, chainId);
        await installFarcasterIdRegistry(rpcUrl);
        const balance = ACCOUNT0_NATIVE_BALANCE[chainId];
        if (balance !== undefined) {
          await rpcCall(rpcUrl, 'anvil_setBalance', [TEST_ACCOUNTS[0]!.address, numberToHex(balance)]);
        }
        return deployment;
      }),
    );
    const deployment = sameOnEveryChain(deployments);
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
      ...(solana ? { solana: { rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, mint: solana.mint } } : {}),
      ...(polkadot ? { polkadot: { rpcUrl: polkadot.rpcUrl } } : {}),
      ...(bitcoin ? { bitcoin: { esploraUrl: bitcoin.esploraUrl } } : {}),
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

async function stopAll(anvils: { stop(): Promise<void> }[]): Promise<void> {
  await Promise.all(anvils.map((anvil) => anvil.stop()));
}
