import { blake2b } from '@noble/hashes/blake2b';
import { base58 } from '@scure/base';

// SS58 (https://docs.substrate.io/reference/address-formats/): a network prefix, the 32-byte
// account id, and the first two bytes of blake2b-512("SS58PRE" ‖ prefix ‖ account id).
const CHECKSUM_PREFIX = new TextEncoder().encode('SS58PRE');
const ACCOUNT_ID_LENGTH = 32;

function checksum(payload: Uint8Array): Uint8Array {
  const input = new Uint8Array(CHECKSUM_PREFIX.length + payload.length);
  input.set(CHECKSUM_PREFIX);
  input.set(payload, CHECKSUM_PREFIX.length);
  return blake2b(input, { dkLen: 64 }).subarray(0, 2);
}

function prefixBytes(prefix: number): Uint8Array {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16383 || prefix === 46 || prefix === 47) throw new Error(`Invalid SS58 prefix: ${prefix}`);
  if (prefix < 64) return Uint8Array.of(prefix);
  return Uint8Array.of(((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b0000_0011) << 6));
}

export interface DecodedAddress {
  /** The network prefix (0 Polkadot, 2 Kusama, 42 generic Substrate). */
  prefix: number;
  /** The 32-byte account id (an sr25519 or ed25519 public key). */
  accountId: Uint8Array;
}

/** Decodes an SS58 address of a 32-byte account id; throws when it is not one (bad base58, length or checksum). */
export function decodeSs58(address: string): DecodedAddress {
  if (typeof address !== 'string' || address.length < 46 || address.length > 50) throw new Error(`Invalid Polkadot address: ${String(address)}`);
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    throw new Error(`Invalid Polkadot address: ${address}`);
  }
  const prefixLength = bytes[0]! & 0b0100_0000 ? 2 : 1;
  if (bytes.length !== prefixLength + ACCOUNT_ID_LENGTH + 2) throw new Error(`Invalid Polkadot address: ${address}`);
  const prefix =
    prefixLength === 1 ? bytes[0]! : ((bytes[0]! & 0b0011_1111) << 2) | (bytes[1]! >> 6) | ((bytes[1]! & 0b0011_1111) << 8);
  const payload = bytes.subarray(0, prefixLength + ACCOUNT_ID_LENGTH);
  const expected = checksum(payload);
  if (bytes[payload.length] !== expected[0] || bytes[payload.length + 1] !== expected[1]) throw new Error(`Invalid Polkadot address (checksum): ${address}`);
  return { prefix, accountId: bytes.slice(prefixLength, prefixLength + ACCOUNT_ID_LENGTH) };
}

/** Encodes a 32-byte account id as an SS58 address for `prefix`. */
export function encodeSs58(accountId: Uint8Array, prefix: number): string {
  if (!(accountId instanceof Uint8Array) || accountId.length !== ACCOUNT_ID_LENGTH) throw new Error('An SS58 address needs a 32-byte account id');
  const head = prefixBytes(prefix);
  const payload = new Uint8Array(head.length + ACCOUNT_ID_LENGTH);
  payload.set(head);
  payload.set(accountId, head.length);
  const sum = checksum(payload);
  const full = new Uint8Array(payload.length + 2);
  full.set(payload);
  full.set(sum, payload.length);
  return base58.encode(full);
}

/** Whether `address` is a valid SS58 address of a 32-byte account id. */
export function isPolkadotAddress(address: string): boolean {
  try {
    decodeSs58(address);
    return true;
  } catch {
    return false;
  }
}

/** The canonical form: the same account id and prefix, re-encoded (so a bad checksum never passes). */
export function normalizePolkadotAddress(address: string): string {
  const trimmed = typeof address === 'string' ? address.trim() : address;
  const { prefix, accountId } = decodeSs58(trimmed);
  return encodeSs58(accountId, prefix);
}
