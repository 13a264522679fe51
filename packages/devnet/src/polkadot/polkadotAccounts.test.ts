import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { describe, expect, it } from 'vitest';
import { POLKADOT_TEST_ACCOUNTS } from './polkadotAccounts.ts';

describe('the Polkadot test accounts', () => {
  it('are the sr25519 development keys their URIs derive', async () => {
    await cryptoWaitReady();
    const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 });
    for (const account of POLKADOT_TEST_ACCOUNTS) expect(keyring.addFromUri(account.uri).address).toBe(account.address);
  });
});
