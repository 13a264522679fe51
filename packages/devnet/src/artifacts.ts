import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';
import { artifactsDir } from './paths.ts';

export const CONTRACT_NAMES = ['TestToken', 'TestNFT', 'Multicall3', 'SmartAccount', 'WrappedEther', 'AmmPair', 'AmmFactory', 'AmmRouter', 'SpamDrop'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

/** What compile.ts writes to artifacts/<Name>.json. */
export type Artifact = { abi: Abi; bytecode: Hex };

export function artifactPath(name: ContractName): string {
  return join(artifactsDir, `${name}.json`);
}

export function readArtifact(name: ContractName): Artifact {
  return JSON.parse(readFileSync(artifactPath(name), 'utf8')) as Artifact;
}
