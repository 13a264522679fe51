import type { CaipNetwork, NativeCurrency } from '@cairn/core';
import { BIP122_REFERENCES, BITCOIN_NETWORK_NAMES, type BitcoinNetworkName } from './bip122.ts';

export interface BitcoinNetworkInput {
  network: BitcoinNetworkName;
  name: string;
  /** The Esplora API base the widget reads balances and UTXOs from and broadcasts through. */
  esploraUrl: string;
  blockExplorer?: { name: string; url: string };
}

const BTC: NativeCurrency = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 };

/** A bip122 network in the shape the core expects: CAIP-2 `bip122:<genesis hash prefix>`. */
export function defineBitcoinNetwork(input: BitcoinNetworkInput): CaipNetwork {
  if (typeof input !== 'object' || input === null) throw new TypeError('defineBitcoinNetwork: pass { network, name, esploraUrl }');
  if (!BITCOIN_NETWORK_NAMES.includes(input.network)) throw new TypeError(`Unknown Bitcoin network: ${String(input.network)} (mainnet, testnet, signet or regtest)`);
  if (typeof input.name !== 'string' || input.name.trim() === '') throw new TypeError(`Bitcoin network ${input.network} needs a name`);
  if (typeof input.esploraUrl !== 'string' || !/^https?:\/\/\S+$/.test(input.esploraUrl)) throw new TypeError(`Invalid Esplora URL for Bitcoin ${input.network}: ${String(input.esploraUrl)}`);
  const reference = BIP122_REFERENCES[input.network];
  return {
    id: reference,
    caipNetworkId: `bip122:${reference}`,
    chainNamespace: 'bip122',
    name: input.name,
    nativeCurrency: BTC,
    rpcUrls: { default: { http: [input.esploraUrl] } },
    ...(input.blockExplorer ? { blockExplorers: { default: input.blockExplorer } } : {}),
    testnet: input.network !== 'mainnet',
  };
}

/** Which Bitcoin network a bip122 CaipNetwork is, from its CAIP-2 reference. */
export function bitcoinNetworkNameOf(network: Pick<CaipNetwork, 'id' | 'chainNamespace'>): BitcoinNetworkName {
  const name = BITCOIN_NETWORK_NAMES.find((candidate) => BIP122_REFERENCES[candidate] === String(network.id));
  if (network.chainNamespace !== 'bip122' || !name) throw new Error(`Not a Bitcoin network: ${String(network.id)}`);
  return name;
}

/** The Wallet Standard chain of a network (`bitcoin:mainnet`, ...); signet wallets call it testnet. */
export function walletStandardBitcoinChain(name: BitcoinNetworkName): string {
  return name === 'signet' ? 'bitcoin:testnet' : `bitcoin:${name}`;
}
