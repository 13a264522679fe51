import { BIP122_REFERENCES, BITCOIN_NETWORK_NAMES, type BitcoinNetworkName } from '../bip122.ts';

/** The network of a CAIP-2 bip122 chain id (`bip122:000000000019d6689c085ae165831e93` is mainnet); undefined for any other. */
export function bitcoinNetworkOfChainId(chainId: string): BitcoinNetworkName | undefined {
  if (typeof chainId !== 'string') return undefined;
  const match = /^bip122:([0-9a-f]{32})$/.exec(chainId);
  return match ? BITCOIN_NETWORK_NAMES.find((name) => BIP122_REFERENCES[name] === match[1]) : undefined;
}
