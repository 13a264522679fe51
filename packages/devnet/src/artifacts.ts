import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';
import { artifactsDir } from './paths.ts';

export const CONTRACT_NAMES = ['TestToken', 'TestNFT', 'Multicall3', 'SmartAccount', 'WrappedEther', 'AmmPair', 'AmmFactory', 'AmmRouter', 'SpamDrop', 'EntryPoint', 'SimpleAccountFactory', 'VerifyingPaymaster', 'CairnAccount', 'CairnAccountFactory', 'FarcasterIdRegistry'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

/**
 * ERC-4337's contracts come from @account-abstraction/contracts 0.7.0 (MIT), unchanged:
 * contracts/AccountAbstraction.sol imports them, and solc names each by its package path.
 */
const PACKAGE_SOURCES: Partial<Record<ContractName, string>> = {
  EntryPoint: '@account-abstraction/contracts/core/EntryPoint.sol',
  SimpleAccountFactory: '@account-abstraction/contracts/samples/SimpleAccountFactory.sol',
  VerifyingPaymaster: '@account-abstraction/contracts/samples/VerifyingPaymaster.sol',
};

/** The source unit solc files a contract under: contracts/<Name>.sol, or its package path. */
export function contractSource(name: ContractName): string {
  return PACKAGE_SOURCES[name] ?? `${name}.sol`;
}

/** What compile.ts writes to artifacts/<Name>.json. */
export type Artifact = { abi: Abi; bytecode: Hex };

export function artifactPath(name: ContractName): string {
  return join(artifactsDir, `${name}.json`);
}

export function readArtifact(name: ContractName): Artifact {
  return JSON.parse(readFileSync(artifactPath(name), 'utf8')) as Artifact;
}
