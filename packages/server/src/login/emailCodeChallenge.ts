import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { solvesEmailCodeChallenge, type EmailCodeProof } from '@cairn/core/internal';

// Issue 22 item 5: instead of a hard hourly cap per address (which a stranger could use up to lock
// the owner out), each code costs a proof of work whose price grows with the codes the address got
// in the last hour. The price is capped, so the owner always gets in; a flood costs its sender.

/** A challenge is good for 5 minutes: long enough for a slow phone at the top difficulty. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Zero bits of a quiet address's code: about a thousand hashes, nothing to anyone. */
export const BASE_DIFFICULTY = 10;
/** Each code past the free ones in an hour costs 4 times the one before... */
export const DIFFICULTY_STEP = 2;
/** ...up to 2^18 hashes (a fraction of a second on a laptop, a few seconds on a phone). */
export const MAX_DIFFICULTY = 18;
/**
 * Codes another requester may send to the address while the owner solves, before the owner's
 * proof is too cheap for the new price (then the owner solves once more, at most a few times up to the cap).
 */
export const PROOF_GRACE = 2;

/** The zero bits the next code to an address costs, given the codes it got in the last hour. */
export function emailCodeDifficulty(recentCodes: number, freePerHour: number): number {
  return Math.min(MAX_DIFFICULTY, BASE_DIFFICULTY + DIFFICULTY_STEP * Math.max(0, recentCodes - freePerHour + 1));
}

/** Whether a proof made at `difficulty` still pays for a code now (the address may have got a few since). */
export function proofStillPays(difficulty: number, recentCodes: number, freePerHour: number): boolean {
  return difficulty >= emailCodeDifficulty(Math.max(0, recentCodes - PROOF_GRACE), freePerHour);
}

const mac = (secret: Uint8Array, email: string, difficulty: number, expiresAt: number, salt: string) =>
  createHmac('sha256', secret).update(`email-code-challenge\n${email}\n${difficulty}\n${expiresAt}\n${salt}`).digest();

/**
 * A stateless challenge for one code to this address: `{difficulty}.{expiresAt}.{salt}.{mac}`,
 * authenticated under the login secret, so every server copy can check it and no client can
 * lower its price. That it pays for one code only is kept by the attempt it buys (emailCodeStore).
 */
export function issueEmailCodeChallenge(secret: Uint8Array, email: string, difficulty: number, now: number): string {
  const expiresAt = now + CHALLENGE_TTL_MS;
  const salt = randomBytes(16).toString('base64url');
  return `${difficulty}.${expiresAt}.${salt}.${mac(secret, email, difficulty, expiresAt, salt).toString('base64url')}`;
}

export type ProofReading = { kind: 'solved'; difficulty: number; proofHash: string } | { kind: 'invalid' } | { kind: 'expired' };

const CHALLENGE = /^(\d{1,2})\.(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** Whether the proof solves a challenge this server issued for this address, still in time. */
export function readEmailCodeProof(secret: Uint8Array, email: string, proof: EmailCodeProof, now: number): ProofReading {
  const parts = CHALLENGE.exec(proof.challenge);
  if (!parts) return { kind: 'invalid' };
  const [, difficultyText, expiresText, salt, tag] = parts as unknown as [string, string, string, string, string];
  const difficulty = Number(difficultyText);
  const expiresAt = Number(expiresText);
  const expected = mac(secret, email, difficulty, expiresAt, salt);
  const given = Buffer.from(tag, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'invalid' };
  if (expiresAt <= now) return { kind: 'expired' };
  if (!solvesEmailCodeChallenge(proof, difficulty)) return { kind: 'invalid' };
  return { kind: 'solved', difficulty, proofHash: createHash('sha256').update(proof.challenge).digest('hex') };
}
