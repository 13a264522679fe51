import { describe, expect, it } from 'vitest';
import { accountTypeOf } from './accountTypeOf.ts';

describe('accountTypeOf', () => {
  const accounts = [
    { address: '0xAbC0000000000000000000000000000000000001', type: 'smartAccount' as const },
    { address: '0xabc0000000000000000000000000000000000002', type: 'eoa' as const },
  ];
  it('names the smart account and the EOA whatever the address case, and an unlisted address an EOA', () => {
    expect(accountTypeOf(accounts, '0xabc0000000000000000000000000000000000001')).toBe('smartAccount');
    expect(accountTypeOf(accounts, '0xABC0000000000000000000000000000000000002')).toBe('eoa');
    expect(accountTypeOf(accounts, '0x0000000000000000000000000000000000000003')).toBe('eoa');
  });
});
