import { describe, expect, it } from 'vitest';
import { accountTypeSwitch } from './accountTypeSwitch.ts';

describe('accountTypeSwitch (SPEC §6)', () => {
  const base = { connectorId: 'ID_AUTH', chainId: 31337, enabledNetworks: [31337] };
  it('offers the EOA while the smart account acts, and the smart account while the EOA does', () => {
    expect(accountTypeSwitch({ ...base, activeType: 'smartAccount' })).toBe('eoa');
    expect(accountTypeSwitch({ ...base, activeType: 'eoa' })).toBe('smartAccount');
  });
  it('offers nothing on a network without smart accounts, for another wallet, or before the type is known', () => {
    expect(accountTypeSwitch({ ...base, chainId: 1, activeType: 'eoa' })).toBeUndefined();
    expect(accountTypeSwitch({ ...base, connectorId: 'injected', activeType: 'eoa' })).toBeUndefined();
    expect(accountTypeSwitch(base)).toBeUndefined();
  });
});
