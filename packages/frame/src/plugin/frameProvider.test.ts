import { afterEach, describe, expect, it } from 'vitest';
import { ErrorText, USER_REJECTED_CODE } from '@cairn/core';
import type { FrameClient } from '../client/frameClient.ts';
import type { FrameHandlers } from '../host/frameHost.ts';
import type { FrameUser } from '../protocol/events.ts';
import { embeddedFrameClient, TEST_ADDRESS as ADDRESS, TEST_USER as USER } from '../testing/embeddedFrameClient.ts';
import { createFrameProvider, USER_REJECTED_TEXT } from './frameProvider.ts';

// The widget's EIP-1193 view of the frame, over the real client, channel and host (the frame page's
// handlers stand in for its login); the whole page runs in Chromium in e2e/widgetLogin.e2e.ts.
let client: FrameClient | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

function providerOver(handlers: FrameHandlers, loggedIn = true) {
  const frame = (client = embeddedFrameClient(handlers));
  return createFrameProvider(frame, () => undefined, async () => {
    if (!loggedIn) throw new Error('Log in with your e-mail or a social account first');
    return (await frame.request('GET_USER', {})) as FrameUser;
  });
}

describe("the frame's wallet as the EVM adapter's provider", () => {
  it('answers the accounts from the login, the chain from the frame, and switches through SWITCH_NETWORK', async () => {
    let chainId = 31337;
    const provider = providerOver({
      GET_USER: () => USER,
      GET_CHAIN_ID: () => ({ chainId }),
      SWITCH_NETWORK: ({ chainId: next }) => {
        if (next !== 31338) throw new Error(ErrorText.networkNotFound);
        chainId = next;
        return { chainId };
      },
    });
    const changed: unknown[] = [];
    provider.on('chainChanged', ((id: string) => changed.push(id)) as never);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    expect(changed).toEqual(['0x7a6a']);
    // A chain the frame does not sign on: EIP-3326's 4902, and adding one is refused (the frame signs only on its own).
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4902 });
    await expect(provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4200 });
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'one' }] })).rejects.toMatchObject({ code: -32602 });
  });

  it('gives no accounts before a login, and a refusal to ask for them', async () => {
    const provider = providerOver({}, false);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toThrow('Log in with your e-mail or a social account first');
  });

  it("sends the rest as RPC_REQUEST; the user's rejection becomes EIP-1193's 4001, a call that reverted code 3, other errors keep their text", async () => {
    const provider = providerOver({
      RPC_REQUEST: ({ method }) => {
        if (method === 'personal_sign') throw new Error(USER_REJECTED_TEXT);
        if (method === 'eth_sendTransaction') throw new Error('execution reverted: transfer refused');
        return { result: '0x10' };
      },
    });
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS }] })).rejects.toMatchObject({ code: 3, message: 'execution reverted: transfer refused' });
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10');
    await expect(provider.request({ method: 'personal_sign', params: ['0x68690a', ADDRESS] })).rejects.toMatchObject({ code: USER_REJECTED_CODE, message: USER_REJECTED_TEXT });
    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toThrow(ErrorText.rpcCallNotAllowed);
  });
});
