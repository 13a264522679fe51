import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../errors.ts';
import { walletListTestContext } from '../../testing/walletListTestContext.ts';
import { loadOwnNames, NAME_RULE_TEXT, registerName, searchName } from './nameFlow.ts';

const api = { url: 'http://127.0.0.1:1', projectId: 'test' };

describe('name flow', () => {
  it("refuses without an address or connector: 'Address or auth connector not found', back on RegisterAccountName", async () => {
    const { ctx } = walletListTestContext({ api });
    ctx.router.reset('Account');
    expect(await registerName(ctx, 'trail-walker.cairn.id')).toBe(false);
    expect(ctx.accountName.get()).toMatchObject({ registering: false, error: ErrorText.addressOrAuthConnectorNotFound });
    expect(ctx.router.current().view).toBe('RegisterAccountName');
  });

  it('checks the label before asking the server: too short, bad characters', async () => {
    const { ctx } = walletListTestContext({ api });
    for (const label of ['abc', 'no_underscores', '-dash']) {
      ctx.accountName.setQuery(label);
      await searchName(ctx);
      expect(ctx.accountName.get()).toMatchObject({ checking: false, error: NAME_RULE_TEXT, suggestions: [] });
    }
    ctx.accountName.setQuery('');
    await searchName(ctx);
    expect(ctx.accountName.get().error).toBeUndefined();
  });

  it("says 'Error fetching name suggestions' when the server cannot be reached", async () => {
    const { ctx } = walletListTestContext({ api });
    ctx.accountName.setQuery('trail-walker');
    await searchName(ctx);
    expect(ctx.accountName.get()).toMatchObject({ checking: false, error: ErrorText.errorFetchingNameSuggestions });
  });

  it("says 'Error fetching names for address' when the names the address holds cannot be read (SPEC §8)", async () => {
    const { ctx } = walletListTestContext({ api });
    ctx.accounts.get('eip155')!.set({ status: 'connected', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', connectorId: 'io.metamask' });
    await loadOwnNames(ctx);
    expect(ctx.accountName.get()).toMatchObject({ ownNames: undefined, ownNamesError: ErrorText.errorFetchingNamesForAddress });
  });
});
