import { numberToHex } from 'viem';
import { BUNDLER_EXECUTOR } from '../accounts.ts';
import type { Deployment } from '../deployment.ts';
import { BUNDLER_EXECUTOR_BALANCE } from '../devnetSeed.ts';
import { rpcCall } from '../jsonRpc.ts';
import { startAlto } from './altoProcess.ts';
import { startBundlerEndpoint } from './bundlerEndpoint.ts';
import { paymasterService } from './paymasterService.ts';

export type Bundler = { chainId: number; url: string; stop(): Promise<void> };

/**
 * A chain's ERC-4337 bundler: alto for the devnet's EntryPoint, its executor funded, behind one
 * URL that also answers the paymaster's ERC-7677 calls (the verifying paymaster sponsors all).
 */
export async function startBundler(options: { chainId: number; rpcUrl: string; host: string; port: number; deployment: Deployment }): Promise<Bundler> {
  const { entryPoint, verifyingPaymaster } = options.deployment.contracts;
  await rpcCall(options.rpcUrl, 'anvil_setBalance', [BUNDLER_EXECUTOR.address, numberToHex(BUNDLER_EXECUTOR_BALANCE)]);
  const alto = await startAlto({ rpcUrl: options.rpcUrl, entryPoint, executorKey: BUNDLER_EXECUTOR.privateKey, host: options.host });
  try {
    const endpoint = await startBundlerEndpoint({
      host: options.host,
      port: options.port,
      bundlerUrl: alto.url,
      paymaster: paymasterService({ rpcUrl: options.rpcUrl, chainId: options.chainId, entryPoint, paymaster: verifyingPaymaster }),
    });
    return {
      chainId: options.chainId,
      url: endpoint.url,
      stop: async () => {
        await endpoint.stop();
        await alto.stop();
      },
    };
  } catch (error) {
    await alto.stop();
    throw error;
  }
}

/** One bundler per chain, started together; if one fails, those started are stopped. */
export async function startBundlers(chains: readonly { chainId: number; rpcUrl: string; bundlerPort?: number }[], deployment: Deployment, host: string): Promise<Bundler[]> {
  const started = await Promise.allSettled(
    chains.map(({ chainId, rpcUrl, bundlerPort }) => {
      if (bundlerPort === undefined) throw new Error(`Chain ${chainId} has no bundlerPort for its bundler`);
      return startBundler({ chainId, rpcUrl, host, port: bundlerPort, deployment });
    }),
  );
  const bundlers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(bundlers.map((bundler) => bundler.stop()));
    throw failure.reason;
  }
  return bundlers;
}
