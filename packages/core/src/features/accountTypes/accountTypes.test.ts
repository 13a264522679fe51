import { describe, expect, it, vi } from 'vitest';
import { loadCairnActions } from '../../loadCairnActions.ts';
import { createTestCairn } from '../../testing/fakeAdapter.ts';
import { createScriptedEmbeddedWallet } from '../../testing/scriptedEmbeddedWallet.ts';

const EOA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

async function loggedIn() {
  let adapterAccounts: string[] = [];
  const frame = createScriptedEmbeddedWallet({ smartAccount: { eoa: EOA, enabledNetworks: [1], onSwitch: (address) => (adapterAccounts.splice(0, adapterAccounts.length, address)) } });
  const test = createTestCairn({ embeddedWallet: frame.plugin });
  adapterAccounts = test.adapter.wallet.accounts;
  await test.cairn.ready;
  await loadCairnActions();
  expect(await test.cairn.loginWithEmail('visitor@example.com')).toBe(true);
  expect(await test.cairn.verifyEmailOtp('123456')).toBe(true);
  // The feature follows the embedded wallet's account by itself.
  await vi.waitFor(() => expect(test.cairn.stores.accountTypes.get().smartAccountEnabledNetworks).toEqual([1]), { timeout: 2000, interval: 5 });
  return { ...test, frame };
}

describe('account types of the embedded wallet (SPEC §3, §4, §6)', () => {
  it('reads the smart account that acts, whether it is deployed and where it is enabled; SPEC §4 defaults for the other namespaces', async () => {
    const { cairn } = await loggedIn();
    expect(cairn.stores.accountTypes.get()).toMatchObject({
      activeType: 'smartAccount',
      smartAccountDeployed: false,
      smartAccountEnabledNetworks: [1],
      preferredAccountTypes: { eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' },
    });
  });

  it('switches to the EOA and back: the frame is told, the account reads the new address, and the choice is stored', async () => {
    const { cairn, frame, storage } = await loggedIn();
    expect(await cairn.accountTypes.setPreferred('eoa')).toBe(true);
    expect(frame.calls).toContain('setPreferredAccount eoa');
    expect(cairn.stores.account().get().address?.toLowerCase()).toBe(EOA.toLowerCase());
    expect(cairn.stores.accountTypes.get()).toMatchObject({ activeType: 'eoa', switching: false, preferredAccountTypes: { eip155: 'eoa' } });
    expect(storage.get('preferredAccountTypes')).toMatchObject({ eip155: 'eoa' });
    expect(await cairn.accountTypes.setPreferred('smartAccount')).toBe(true);
    expect(cairn.stores.accountTypes.get().activeType).toBe('smartAccount');
    await expect(cairn.accountTypes.setPreferred('admin' as never)).rejects.toThrow(TypeError);
  });

  it('keeps the preferred types across a reload', async () => {
    const { backend } = await loggedIn().then(async (test) => {
      await test.cairn.accountTypes.setPreferred('eoa');
      return test;
    });
    const reloaded = createTestCairn({ backend });
    expect(reloaded.cairn.stores.accountTypes.get().preferredAccountTypes).toMatchObject({ eip155: 'eoa', solana: 'eoa' });
  });
});
