import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../errors.ts';
import { signInFailureText } from './signInFailureText.ts';

describe('signInFailureText (SPEC §8)', () => {
  it("says a smart account's failed sign-in may be the application's", () => {
    expect(signInFailureText('smartAccount')).toBe('This application might not support Smart Accounts');
  });

  it("says 'Signature declined' for an EOA's or an unknown account's failure", () => {
    expect(signInFailureText('eoa')).toBe(ErrorText.signatureDeclined);
    expect(signInFailureText(undefined)).toBe(ErrorText.signatureDeclined);
  });
});
