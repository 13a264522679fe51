import { describe, expect, it } from 'vitest';
import { accountDisplayName } from './accountDisplayName.ts';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('accountDisplayName', () => {
  it('shows the name when the account has one', () => {
    expect(accountDisplayName({ address, profileName: 'ridge.cairn.id' })).toBe('ridge.cairn.id');
  });

  it("shows the address, cut to SPEC §9's 4 + 6 characters, without one", () => {
    expect(accountDisplayName({ address })).toBe('0xf39F…b92266');
    expect(accountDisplayName({ address, profileName: '' })).toBe('0xf39F…b92266');
  });
});
