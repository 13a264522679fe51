import { describe, expect, it } from 'vitest';
import { smartSessionRefusal } from './smartSessions.ts';

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
