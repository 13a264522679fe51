import { describe, expect, it } from 'vitest';
import { passphraseProblem, RecoveryPromptText } from './recoveryPrompts.ts';

describe('the passphrase a new wallet may use instead of a printed code', () => {
  it('needs 12 characters (after NFKC), typed the same twice', () => {
    expect(passphraseProblem('short', 'short')).toBe(RecoveryPromptText.passphraseTooShort);
    expect(passphraseProblem('twelve chars', 'twelve charz')).toBe(RecoveryPromptText.passphraseMismatch);
    expect(passphraseProblem('twelve chars', 'twelve chars')).toBeUndefined();
    // Characters, not UTF-16 units: 12 emoji are 12 characters.
    expect(passphraseProblem('🙂'.repeat(11), '🙂'.repeat(11))).toBe(RecoveryPromptText.passphraseTooShort);
  });
});
