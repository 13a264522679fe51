import { NETWORK, TEST_NETWORK } from '@scure/btc-signer';
import type { BitcoinNetworkName } from './bip122.ts';

export { BIP122_REFERENCES, BITCOIN_NETWORK_NAMES, type BitcoinNetworkName } from './bip122.ts';

export type BtcNetworkParams = typeof NETWORK;

const REGTEST: BtcNetworkParams = { ...TEST_NETWORK, bech32: 'bcrt' };

/** Address parameters (bech32 HRP, base58 versions) of a network, as @scure/btc-signer takes them. */
export function bitcoinNetworkParams(network: BitcoinNetworkName): BtcNetworkParams {
  switch (network) {
    case 'mainnet':
      return NETWORK;
    case 'testnet':
    case 'signet':
      return TEST_NETWORK;
    case 'regtest':
      return REGTEST;
    default:
      throw new TypeError(`Unknown Bitcoin network: ${String(network)}`);
  }
}
