import { base64 } from '@scure/base';
import { RawWitness } from '@scure/btc-signer';
import { decodeBitcoinAddress } from '../address.ts';
import { BITCOIN_NETWORK_NAMES, type BitcoinNetworkName } from '../networks.ts';
import { verifyLegacyMessage } from './legacyMessage.ts';
import { SIMPLE_PREFIX, verifySimpleWitness } from './simpleSignature.ts';

export interface VerifyBip322Params {
  message: string;
  address: string;
  /** `smp`-prefixed or bare base64 simple signature, or a 65-byte legacy signature in base64. */
  signature: string;
  network: BitcoinNetworkName;
}

/** Bounds on what a stranger can make a server decode (a real simple signature is ~110 bytes). */
const MAX_SIGNATURE_LENGTH = 2_000;
const MAX_MESSAGE_LENGTH = 100_000;

/**
 * BIP-322 verification, pure and server-safe: the simple variant for P2WPKH and P2TR (key path)
 * addresses, and the legacy signed-message format for P2PKH, P2SH-P2WPKH and P2WPKH addresses.
 * Never throws: anything malformed, any other variant (`ful`, `pof`) or address type is `false`.
 */
export function verifyBip322(params: VerifyBip322Params): boolean {
  if (typeof params !== 'object' || params === null) return false;
  const { message, address, signature, network } = params;
  if (typeof message !== 'string' || typeof address !== 'string' || typeof signature !== 'string') return false;
  if (!BITCOIN_NETWORK_NAMES.includes(network)) return false;
  if (signature.length === 0 || signature.length > MAX_SIGNATURE_LENGTH || message.length > MAX_MESSAGE_LENGTH) return false;
  let type;
  try {
    type = decodeBitcoinAddress(address, network).type;
  } catch {
    return false;
  }
  const prefixed = signature.startsWith(SIMPLE_PREFIX);
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(prefixed ? signature.slice(SIMPLE_PREFIX.length) : signature);
  } catch {
    return false;
  }
  // BIP-322: legacy signatures are 65 bytes, no prefix, and for key-hash addresses only.
  if (!prefixed && bytes.length === 65 && (type === 'p2pkh' || type === 'p2sh' || type === 'p2wpkh')) {
    if (verifyLegacyMessage({ message, address, signature, network })) return true;
    if (type !== 'p2wpkh') return false;
  }
  if (type !== 'p2wpkh' && type !== 'p2tr') return false;
  try {
    const witness = RawWitness.decode(bytes);
    return verifySimpleWitness(message, witness, address, network);
  } catch {
    return false;
  }
}
