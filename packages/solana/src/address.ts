import { base58Decode, base58Encode } from './base58.ts';

/**
 * A Solana address is the base58 text of 32 bytes (an ed25519 public key, or an off-curve
 * program address): 32 to 44 characters that decode to exactly 32 bytes.
 */
export function isSolanaAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false;
  try {
    return base58Decode(value).length === 32;
  } catch {
    return false;
  }
}

/** Base58 has one spelling per value, so the canonical form is the input; throws on an invalid one. */
export function normalizeSolanaAddress(value: unknown): string {
  if (!isSolanaAddress(value)) throw new Error(`Invalid Solana address: ${typeof value === 'string' ? value : typeof value}`);
  return value;
}

export function addressToBytes(address: string): Uint8Array {
  return base58Decode(normalizeSolanaAddress(address));
}

export function bytesToAddress(bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new Error(`A Solana address is 32 bytes, got ${bytes.length}`);
  return base58Encode(bytes);
}
