import { Address, OutScript } from '@scure/btc-signer';
import { bitcoinNetworkParams, type BitcoinNetworkName } from './networks.ts';

export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr';

export interface DecodedBitcoinAddress {
  type: BitcoinAddressType;
  /** The output script (scriptPubKey) that pays this address. */
  script: Uint8Array;
  /** The hash or witness program the address carries. */
  program: Uint8Array;
}

const TYPES: Record<string, BitcoinAddressType> = { pkh: 'p2pkh', sh: 'p2sh', wpkh: 'p2wpkh', wsh: 'p2wsh', tr: 'p2tr' };

/** Decodes an address of `network` (BIP-173/350 bech32/bech32m or base58check); throws on anything else. */
export function decodeBitcoinAddress(address: string, network: BitcoinNetworkName): DecodedBitcoinAddress {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90) throw new TypeError('Invalid Bitcoin address');
  let decoded: ReturnType<ReturnType<typeof Address>['decode']>;
  try {
    decoded = Address(bitcoinNetworkParams(network)).decode(address);
  } catch {
    throw new TypeError(`Invalid Bitcoin address for ${network}: ${address}`);
  }
  const type = TYPES[decoded.type];
  if (!type) throw new TypeError(`Unsupported Bitcoin address type: ${decoded.type}`);
  const program = 'hash' in decoded ? decoded.hash : 'pubkey' in decoded ? decoded.pubkey : undefined;
  if (!(program instanceof Uint8Array)) throw new TypeError(`Unsupported Bitcoin address: ${address}`);
  return { type, script: OutScript.encode(decoded), program };
}

export function isBitcoinAddress(address: unknown, network: BitcoinNetworkName): address is string {
  if (typeof address !== 'string') return false;
  try {
    decodeBitcoinAddress(address, network);
    return true;
  } catch {
    return false;
  }
}

/**
 * The display form: bech32 addresses are case-insensitive and shown in lower case (BIP-173);
 * base58 addresses are case-sensitive and kept as they are.
 */
export function normalizeBitcoinAddress(address: string, network: BitcoinNetworkName): string {
  const { type } = decodeBitcoinAddress(address, network);
  return type === 'p2pkh' || type === 'p2sh' ? address : address.toLowerCase();
}
