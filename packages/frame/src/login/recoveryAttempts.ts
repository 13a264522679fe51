import { fromBase64url, toBase64url, utf8 } from '../custody/encoding.ts';
import { CustodyError, CustodyErrorText } from '../custody/errors.ts';
import type { RecoveryBlob } from '../custody/recoveryBlob.ts';

/** A mistyped factor may be typed again, a few times, without a new login. */
export const RECOVERY_ATTEMPTS = 5;
const RETRYABLE: readonly string[] = [CustodyErrorText.wrongRecoveryFactor, CustodyErrorText.recoveryCodeTypo, CustodyErrorText.recoveryCodeFormat, CustodyErrorText.passphraseTooShort];

/**
 * `attempt` with the user's factor, again with why the last one failed while the mistake is a
 * typo's, up to RECOVERY_ATTEMPTS; `firstProblem` is said with the first ask (why it is asked).
 */
export async function withRecoveryAttempts<T>(attempt: (problem: string | undefined) => Promise<T>, firstProblem?: string): Promise<T> {
  let problem = firstProblem;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(problem);
    } catch (error) {
      if (!(error instanceof CustodyError) || !RETRYABLE.includes(error.message) || tries >= RECOVERY_ATTEMPTS) throw error;
      problem = error.message;
    }
  }
}

/** The recovery blob travels to the server as base64url text of its JSON. */
export const blobToText = (blob: RecoveryBlob) => toBase64url(utf8(JSON.stringify(blob)));
export const textToBlob = (text: string): RecoveryBlob => JSON.parse(new TextDecoder().decode(fromBase64url(text))) as RecoveryBlob;

/** Which factor the blob asks for. */
export const factorKindOf = (blob: RecoveryBlob): 'passphrase' | 'code' => (blob.kind === 'passphrase' ? 'passphrase' : 'code');
