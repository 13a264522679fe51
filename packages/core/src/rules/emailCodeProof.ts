import { sha256 } from '@noble/hashes/sha2';

// Issue 22 item 5: every e-mail code is paid for with a hashcash-style proof of work on a challenge
// the server issued for the address the code goes to. The server checks with this rule and the
// frame solves with it, so both read the puzzle the same way.

/** What the client sends with a code request: the server's challenge and a nonce that solves it. */
export interface EmailCodeProof {
  challenge: string;
  nonce: string;
}

/** A nonce is base-36 digits: short, and never anything but a counter. */
export const PROOF_NONCE = /^[0-9a-z]{1,16}$/;

const encoder = new TextEncoder();

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Whether SHA-256(`{challenge}:{nonce}`) starts with `difficulty` zero bits. */
export function solvesEmailCodeChallenge(proof: EmailCodeProof, difficulty: number): boolean {
  if (!PROOF_NONCE.test(proof.nonce)) return false;
  return leadingZeroBits(sha256(encoder.encode(`${proof.challenge}:${proof.nonce}`))) >= difficulty;
}

/** Hashes tried between two yields, so a long search leaves the frame's page responsive. */
const HASHES_PER_SLICE = 20_000;

/**
 * The first nonce that solves the challenge (2^difficulty hashes on average). The challenge's
 * prefix is hashed once; each try adds only the nonce.
 */
export async function solveEmailCodeChallenge(challenge: string, difficulty: number): Promise<EmailCodeProof> {
  const prefix = sha256.create().update(encoder.encode(`${challenge}:`));
  for (let counter = 0; ; counter++) {
    const nonce = counter.toString(36);
    if (leadingZeroBits(prefix.clone().update(encoder.encode(nonce)).digest()) >= difficulty) return { challenge, nonce };
    if (counter % HASHES_PER_SLICE === HASHES_PER_SLICE - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
