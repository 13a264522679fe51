import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha2';
import { addressToBytes, bytesToAddress } from '../address.ts';
import { concatBytes } from './bytes.ts';
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAM } from './programs.ts';

const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress');

/** Whether 32 bytes are a point of the ed25519 curve (a key someone may hold). */
export function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.ExtendedPoint.fromHex(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The program address of exactly these seeds, or undefined when its hash is on the curve. */
export function createProgramAddress(seeds: readonly Uint8Array[], programId: string): string | undefined {
  if (seeds.length > 16 || seeds.some((seed) => seed.length > 32)) throw new Error('Too many or too long seeds');
  const hash = sha256(concatBytes(...seeds, addressToBytes(programId), PDA_MARKER));
  return isOnCurve(hash) ? undefined : bytesToAddress(hash);
}

/** A program address: the first bump from 255 down whose hash is off the curve (no key can sign for it). */
export function findProgramAddress(seeds: readonly Uint8Array[], programId: string): { address: string; bump: number } {
  for (let bump = 255; bump >= 0; bump--) {
    const address = createProgramAddress([...seeds, Uint8Array.of(bump)], programId);
    if (address) return { address, bump };
  }
  throw new Error('No program address found for these seeds');
}

/** The owner's associated token account for `mint` (the account a wallet shows and a send pays into). */
export function associatedTokenAddress(owner: string, mint: string): string {
  return findProgramAddress([addressToBytes(owner), addressToBytes(TOKEN_PROGRAM), addressToBytes(mint)], ASSOCIATED_TOKEN_PROGRAM).address;
}
