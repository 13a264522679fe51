import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_CACHE_MS } from '../../constants.ts';
import { ErrorText } from '../../errors.ts';
import { walletListTestContext } from '../../testing/walletListTestContext.ts';
import { loadOwnNames, NAME_RULE_TEXT, registerName, searchName } from './nameFlow.ts';

const api = { url: 'http://127.0.0.1:1', projectId: 'test' };

/** Runs `read` with the query cache's retry waits (1 s, 2 s, 4 s: SPEC §9) on a fake clock. */
async function afterRetries(read: Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  let done = false;
  void read.finally(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(1_000);
  }
  await read;
}

describe('name flow', () => {
  afterEach(() => void vi.useRealTimers());

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
    await afterRetries(searchName(ctx));
    expect(ctx.accountName.get()).toMatchObject({ checking: false, error: ErrorText.errorFetchingNameSuggestions });
  });

  it("says 'Error fetching names for address' when the names the address holds cannot be read (SPEC §8)", async () => {
    const { ctx } = walletListTestContext({ api });
    ctx.accounts.get('eip155')!.set({ status: 'connected', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', connectorId: 'io.metamask' });
    await afterRetries(loadOwnNames(ctx));
    expect(ctx.accountName.get()).toMatchObject({ ownNames: undefined, ownNamesError: ErrorText.errorFetchingNamesForAddress });
  });
});

describe('names through the query cache (SPEC §9: names 5 min)', () => {
  it('reads the names an address holds once in 5 minutes', async () => {
    let reads = 0;
    const server = createServer((_request, response) => {
      reads += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ name: 'trail-walker.cairn.id', addresses: {} }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { ctx, timers } = walletListTestContext({ api: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, projectId: 'test' } });
      ctx.accounts.get('eip155')!.set({ status: 'connected', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', connectorId: 'io.metamask' });
      await loadOwnNames(ctx);
      timers.advance(NAME_CACHE_MS - 1);
      await loadOwnNames(ctx);
      expect([reads, ctx.accountName.get().ownNames]).toEqual([1, ['trail-walker.cairn.id']]);
      timers.advance(1);
      await loadOwnNames(ctx);
      expect(reads).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
