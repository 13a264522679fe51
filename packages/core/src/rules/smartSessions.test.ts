import { describe, expect, it } from 'vitest';
import { capabilitiesForSite, smartSessionRefusal } from './smartSessions.ts';

describe('smartSessionRefusal (SPEC §9 features.smartSessions)', () => {
  it('off (the default): a smart-session request is refused, naming the switch', () => {
    expect(smartSessionRefusal('wallet_grantPermissions', false)).toMatch(/turn on `features.smartSessions`/);
  });

  it('on: the permissions flow may ask the wallet', () => {
    expect(smartSessionRefusal('wallet_grantPermissions', true)).toBeUndefined();
  });

  it('other calls are not its business, on or off', () => {
    expect(smartSessionRefusal('eth_sendTransaction', false)).toBeUndefined();
    expect(smartSessionRefusal('wallet_revokePermissions', false)).toBeUndefined();
  });
});

describe('capabilitiesForSite', () => {
  const permissions = { supported: true, signerTypes: ['account'], keyTypes: ['secp256k1'], permissionTypes: ['contract-call'] };
  const answer = { '0x1': { atomic: { status: 'supported' }, permissions }, '0xa': { atomic: { status: 'unsupported' } } };

  it('hides the permissions capability on every chain while smart sessions are off, and keeps the rest', () => {
    expect(capabilitiesForSite(answer, false)).toEqual({ '0x1': { atomic: { status: 'supported' } }, '0xa': { atomic: { status: 'unsupported' } } });
  });

  it('passes the answer as it is when they are on', () => {
    expect(capabilitiesForSite(answer, true)).toBe(answer);
  });

  it('passes an answer of another shape untouched', () => {
    for (const odd of [null, 'x', [1], { '0x1': null }, { '0x1': 'yes' }]) expect(capabilitiesForSite(odd, false)).toEqual(odd);
  });
});
