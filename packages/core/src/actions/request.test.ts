import { describe, expect, it, vi } from 'vitest';
import type { UntypedRequestFn } from '../requestTypes.ts';
import { createFakeAdapter, createTestCairn } from '../testing/fakeAdapter.ts';
import { ErrorText } from '../errors.ts';

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
    await expect(untyped(cairn.request)({ method: 'eth_chainId' })).rejects.toThrow('ConnectionController client not set: the eip155 adapter cannot forward wallet requests');
  });

  it('refuses bad wallet_sendCalls calls and mixed fee fields before the wallet is asked (SPEC §5)', async () => {
    const { cairn } = createTestCairn();
    await cairn.ready;
    await cairn.connect('io.metamask');
    const request = untyped(cairn.request);
    await expect(request({ method: 'wallet_sendCalls', params: [{ calls: [{ data: '0x' }] }] })).rejects.toThrow('wallet_sendCalls: call 0 needs a `to` address');
    await expect(request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: `0x${'1'.repeat(40)}` }], blobs: [`0x${'00'.repeat(761_856)}`] }] })).rejects.toThrow(
      /above the limit of 761855/,
    );
    await expect(request({ method: 'eth_sendTransaction', params: [{ to: `0x${'1'.repeat(40)}`, gasPrice: '0x1', maxFeePerGas: '0x2' }] })).rejects.toThrow(
      'eth_sendTransaction: Cannot specify both gasPrice and maxFeePerGas or maxPriorityFeePerGas',
    );
    await expect(request({ method: 'eth_sendTransaction', params: [{ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }] })).rejects.toThrow(
      'maxPriorityFeePerGas cannot be higher than maxFeePerGas',
    );
  });

  it('tells the visitor "Action not allowed" when the secure frame refuses a call outside its lists (SPEC §6)', async () => {
    const adapter = createFakeAdapter();
    const refusing = Object.assign(adapter, { request: async () => Promise.reject(new Error(ErrorText.rpcCallNotAllowed)) });
    const { cairn } = createTestCairn({ adapter: refusing });
    await cairn.ready;
    await cairn.connect('io.metamask');
    await expect(untyped(cairn.request)({ method: 'eth_sign', params: [] })).rejects.toThrow(ErrorText.rpcCallNotAllowed);
    expect(cairn.stores.toast.get()).toMatchObject({ message: ErrorText.actionNotAllowed, variant: 'error' });
  });

  it("asks the wallet for a smart session only when features.smartSessions is on (SPEC §9); off, the site hears SPEC §6's refusal", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const asked: string[] = [];
    const forwarding = () => Object.assign(createFakeAdapter(), { request: async ({ method }: { method: string }) => (asked.push(method), { permissionsContext: '0x01' }) });
    const grant = { method: 'wallet_grantPermissions', params: [{ chainId: '0x1', permissions: [] }] };

    const off = createTestCairn({ adapter: forwarding() });
    await off.cairn.ready;
    await off.cairn.connect('io.metamask');
    await expect(untyped(off.cairn.request)(grant)).rejects.toThrow(new Error(ErrorText.rpcCallNotAllowed));
    expect(off.cairn.stores.toast.get()).toMatchObject({ message: ErrorText.actionNotAllowed, variant: 'error' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('turn on `features.smartSessions`'));
    expect(asked).toEqual([]);
    // Revoking a session granted earlier stays open.
    await untyped(off.cairn.request)({ method: 'wallet_revokePermissions', params: [{ context: `0x${'1'.repeat(40)}` }] });
    expect(asked).toEqual(['wallet_revokePermissions']);

    const on = createTestCairn({ adapter: forwarding(), features: { smartSessions: true } });
    await on.cairn.ready;
    await on.cairn.connect('io.metamask');
    await expect(untyped(on.cairn.request)(grant)).resolves.toEqual({ permissionsContext: '0x01' });
    expect(asked).toEqual(['wallet_revokePermissions', 'wallet_grantPermissions']);
    expect(on.cairn.options.features.smartSessions).toBe(true);
  });

  it("shows the wallet's ERC-7715 permissions capability to a site only when features.smartSessions is on", async () => {
    const permissions = { supported: true, signerTypes: ['account', 'key'], keyTypes: ['secp256k1'], permissionTypes: ['contract-call'] };
    const answer = { '0x1': { atomic: { status: 'supported' }, permissions } };
    const answering = () => Object.assign(createFakeAdapter(), { request: async () => answer });
    const capabilities = { method: 'wallet_getCapabilities', params: ['0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266'] };
    for (const smartSessions of [false, true]) {
      const { cairn } = createTestCairn({ adapter: answering(), features: { smartSessions } });
      await cairn.ready;
      await cairn.connect('io.metamask');
      expect(await untyped(cairn.request)(capabilities)).toEqual(smartSessions ? answer : { '0x1': { atomic: { status: 'supported' } } });
    }
  });
});
