import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVNET_CHAINS } from '../devnetDefaults.ts';
import { dataDir, imagesDir } from './dataFiles.ts';

export type NativeCurrency = { name: string; symbol: string; decimals: number };

/** Network metadata for real chains from data/chains.json; the devnet chains add their own. */
export type Network = {
  caip2: string;
  name: string;
  nativeCurrency: NativeCurrency;
  explorers: { name: string; url: string }[];
  /** Icon file, absolute. */
  iconPath: string | undefined;
};

type ChainEntry = { caip2: string; name: string; nativeCurrency: NativeCurrency; explorers?: { name: string; url: string }[]; icon?: { file?: string } };
type ChainsFile = { evm: ChainEntry[]; nonEvm: ChainEntry[] };

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 };

export function loadNetworks(): Map<string, Network> {
  const file = JSON.parse(readFileSync(join(dataDir, 'chains.json'), 'utf8')) as ChainsFile;
  const networks = new Map<string, Network>();
  for (const chain of [...file.evm, ...file.nonEvm]) {
    networks.set(chain.caip2, {
      caip2: chain.caip2,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      explorers: (chain.explorers ?? []).map(({ name, url }) => ({ name, url })),
      iconPath: chain.icon?.file ? join(imagesDir, chain.icon.file) : undefined,
    });
  }
  for (const chain of DEVNET_CHAINS) {
    networks.set(`eip155:${chain.chainId}`, {
      caip2: `eip155:${chain.chainId}`,
      name: chain.name,
      nativeCurrency: ETHER,
      explorers: [],
      iconPath: join(imagesDir, 'devnet', 'cairn-devnet.svg'),
    });
  }
  return networks;
}

/** Icon of a native coin by symbol: ETH (and the L2s that use it) share Ethereum's. */
export function nativeIconNetwork(networks: Map<string, Network>, caip2: string): string {
  const network = networks.get(caip2);
  return network?.nativeCurrency.symbol === 'ETH' ? 'eip155:1' : caip2;
}
