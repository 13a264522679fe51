import { describe, expect, it } from 'vitest';
import type { UntypedRequestFn } from '../requestTypes.ts';
import { createTestCairn } from '../testing/fakeAdapter.ts';

// The forwarding itself runs against real wallets in e2e (the demo's tip through the test wallet
// and through WalletConnect); here, what the site is told when a call cannot go anywhere. The calls
// are untyped on purpose: a site's JavaScript can send anything.
const untyped = (request: unknown) => request as UntypedRequestFn;

describe('cairn.request', () => {
  it('refuses a call without a method name', async () => {
    const { cairn } = createTestCairn();
    await cairn.ready;
    await expect(untyped(cairn.request)({ method: '' })).rejects.toThrow('request: `method` must be a JSON-RPC method name');
    await expect(untyped(cairn.request)(null as never)).rejects.toThrow('request: `method` must be a JSON-RPC method name');
  });

  it('says so when no wallet is connected', async () => {
    const { cairn } = createTestCairn();
    await cairn.ready;
    await expect(untyped(cairn.request)({ method: 'eth_sendTransaction', params: [] })).rejects.toThrow('No wallet is connected');
  });

  it('says so when the connected namespace has no way to forward calls', async () => {
    const { cairn } = createTestCairn();
    await cairn.ready;
    await cairn.connect('io.metamask');
    await expect(untyped(cairn.request)({ method: 'eth_chainId' })).rejects.toThrow('The eip155 adapter cannot forward wallet requests');
  });
});
