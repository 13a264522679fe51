import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FRAME_REQUESTS } from '../protocol/events.ts';
import { frameHandlers, NOT_SIGNED_IN, type FramePageState } from './frameHandlers.ts';

// No node listens on these: what is asserted here is answered by the frame itself.
const config = {
  allowedOrigins: ['http://127.0.0.1:5173'],
  serverUrl: 'http://127.0.0.1:1',
  networks: [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:1' },
    { chainId: 31338, rpcUrl: 'http://127.0.0.1:2' },
  ],
};
const context = { origin: 'http://127.0.0.1:5173' };

function frame() {
  const state: FramePageState = { chainId: 31337, themeMode: 'light' };
  return { state, handlers: frameHandlers(config, state, { applyTheme: () => {}, reload: () => {} }) };
}

describe("the frame's answers without a login", () => {
  it('answers eth_accounts with no account and eth_chainId from its own state, never from the node', async () => {
    const { handlers } = frame();
    expect(await handlers.RPC_REQUEST!({ method: 'eth_accounts', permission: 'read' }, context)).toEqual({ result: [] });
    expect(await handlers.RPC_REQUEST!({ method: 'eth_chainId', permission: 'read' }, context)).toEqual({ result: '0x7a69' });
    await handlers.SWITCH_NETWORK!({ chainId: 31338 }, context);
    expect(await handlers.RPC_REQUEST!({ method: 'eth_chainId', permission: 'read' }, context)).toEqual({ result: '0x7a6a' });
    await expect(handlers.RPC_REQUEST!({ method: 'eth_chainId', permission: 'read', chainId: 1 }, context)).rejects.toThrow('Network not found');
  });

  it('refuses to sign before a login', async () => {
    const { handlers } = frame();
    await expect(handlers.RPC_REQUEST!({ method: 'personal_sign', params: ['hi', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], permission: 'approve' }, context)).rejects.toThrow(NOT_SIGNED_IN);
  });
});

describe("the frame's language (issue 27)", () => {
  it("speaks the widget's locale from SYNC_DAPP_DATA once its texts are in, and keeps the site's data apart", async () => {
    const state: FramePageState = { chainId: 31337, themeMode: 'light' };
    const used: string[] = [];
    const handlers = frameHandlers(config, state, { applyTheme: () => {}, reload: () => {}, useLocale: async (locale) => void used.push(locale) });
    await handlers.SYNC_DAPP_DATA!({ sdkType: 'cairn', sdkVersion: '1', projectId: 'p', locale: 'ar' }, context);
    expect(used).toEqual(['ar']);
    expect(state.dapp).toEqual({ sdkType: 'cairn', sdkVersion: '1', projectId: 'p' });
    await handlers.SYNC_DAPP_DATA!({ sdkType: 'cairn', sdkVersion: '1' }, context);
    expect(used).toEqual(['ar']);
  });

  it('takes only a locale the widget speaks', () => {
    const schema = FRAME_REQUESTS.SYNC_DAPP_DATA.request;
    expect(v.safeParse(schema, { sdkType: 'cairn', sdkVersion: '1', locale: 'pt-BR' }).success).toBe(true);
    for (const locale of ['xx', 'pt', '', 42]) expect(v.safeParse(schema, { sdkType: 'cairn', sdkVersion: '1', locale }).success, String(locale)).toBe(false);
  });
});
