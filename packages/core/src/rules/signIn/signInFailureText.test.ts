import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../errors.ts';
import { signInFailureText } from './signInFailureText.ts';

describe('signInFailureText (SPEC §8)', () => {
  it("says a smart account's refused sign-in may be the application's", () => {
    expect(signInFailureText({ declined: false, accountType: 'smartAccount' })).toBe('This application might not support Smart Accounts');
  });

  it("says 'Signature declined' when the visitor declined, even with a smart account", () => {
    expect(signInFailureText({ declined: true, accountType: 'smartAccount' })).toBe(ErrorText.signatureDeclined);
  });

  it("says 'Signature declined' for an EOA's or an unknown account's failure", () => {
    expect(signInFailureText({ declined: false, accountType: 'eoa' })).toBe(ErrorText.signatureDeclined);
    expect(signInFailureText({ declined: false })).toBe(ErrorText.signatureDeclined);
  });
});
