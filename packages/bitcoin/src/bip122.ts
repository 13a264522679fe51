// The Bitcoin networks Cairn knows, as plain constants: the adapter's up-front code (defineBitcoinNetwork)
// reads these without pulling @scure/btc-signer into a site's first load.

/** `regtest` is a local chain (Bitcoin Core's `bcrt` addresses). */
export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'signet' | 'regtest';

export const BITCOIN_NETWORK_NAMES: readonly BitcoinNetworkName[] = ['mainnet', 'testnet', 'signet', 'regtest'];

/** CAIP-2 references of bip122: the first 32 hex characters of the genesis block hash. */
export const BIP122_REFERENCES: Record<BitcoinNetworkName, string> = {
  mainnet: '000000000019d6689c085ae165831e93',
  testnet: '000000000933ea01ad0ee984209779ba',
  signet: '00000008819873e925422c1ff0f99f7c',
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328',
};
