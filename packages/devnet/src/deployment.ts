import { readFileSync, writeFileSync } from 'node:fs';
import type { Address } from 'viem';
import { deploymentPath } from './paths.ts';

/** Contract addresses (EIP-55), identical on every devnet chain. */
export type Deployment = {
  contracts: {
    cairnToken: Address;
    testUsd: Address;
    zeroToken: Address;
    multicall3: Address;
    testNft: Address;
    spamNft: Address;
    smartAccount: Address;
    /** Wrapped Ether (WETH), the native coin's token in the AMM. */
    weth: Address;
    /** Uniswap-V2-style AMM: factory (getPair), router (swaps, quotes) and the two seeded pools. */
    ammFactory: Address;
    ammRouter: Address;
    cairnTusdPair: Address;
    wethTusdPair: Address;
    /** ERC-4337 v0.7: the EntryPoint, the SimpleAccount factory and the verifying paymaster (funded). */
    entryPoint: Address;
    simpleAccountFactory: Address;
    verifyingPaymaster: Address;
    /** The frame's smart accounts: CairnAccount (SimpleAccount with ERC-1271 and session keys) and its factory, on that EntryPoint. */
    accountFactory: Address;
  };
};

export function formatDeployment(deployment: Deployment): string {
  return `${JSON.stringify(deployment, null, 2)}\n`;
}

/**
 * deployment.json is committed (the deploy is deterministic). Rewrite it only when a change to the
 * deploy sequence moved an address, and say so, so the change shows up in review.
 */
export function syncDeploymentFile(deployment: Deployment): void {
  const next = formatDeployment(deployment);
  let current: string | undefined;
  try {
    current = readFileSync(deploymentPath, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === next) return;
  writeFileSync(deploymentPath, next);
  console.warn(`@cairn/devnet: contract addresses changed; wrote ${deploymentPath} (commit it)`);
}
