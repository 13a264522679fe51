import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorText } from '@cairn/core';
import { APP_HELLO, FRAME_LOADED, FRAME_READY, FRAME_TIMEOUTS_MS, PROTOCOL_VERSION, type FrameTimeouts } from '../protocol/events.ts';
import { MAX_IN_FLIGHT, startFrameHost, TOO_MANY_REQUESTS, type FrameHandlers } from '../host/frameHost.ts';
import { fakeEmbedding, waitFor } from '../testing/fakeWindows.ts';
import { connectToFrame, FrameTimeoutError } from './frameChannel.ts';

const SITE = 'https://site.example';
const FRAME = 'https://frame.example';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const user = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 31337, accounts: [], smartAccountDeployed: false, preferredAccountType: 'eoa' as const };

function embedded(handlers: FrameHandlers = {}, options: { readyWaitMs?: number; loadTimeoutMs?: number; timeouts?: FrameTimeouts } = {}) {
  const windows = fakeEmbedding(SITE, FRAME);
  const connecting = connectToFrame({ listenOn: windows.site, frameWindow: windows.frameFromSite, frameOrigin: FRAME, readyWaitMs: 0, ...options });
  const host = startFrameHost({ self: windows.frame, selfOrigin: FRAME, parent: windows.siteFromFrame, allowedOrigins: [SITE, 'https://other.example'], handlers });
  return { ...windows, host, connecting };
}

/** The test plays the frame by hand, to see exactly what the widget sends and to answer as it likes. */
async function handFrame() {
  const windows = fakeEmbedding(SITE, FRAME);
  const connecting = connectToFrame({ listenOn: windows.site, frameWindow: windows.frameFromSite, frameOrigin: FRAME, readyWaitMs: 0 });
  const received: { type: string; id: string; payload: unknown }[] = [];
  let port: MessagePort | undefined;
  windows.frame.addEventListener('message', (event) => {
    port = event.ports[0];
    port!.onmessage = (message) => received.push(message.data);
    port!.postMessage({ type: FRAME_READY, v: PROTOCOL_VERSION });
  });
  windows.siteFromFrame.postMessage({ type: FRAME_LOADED, v: PROTOCOL_VERSION }, SITE);
  const channel = await connecting;
  return { ...windows, channel, received, reply: (message: unknown) => port!.postMessage(message) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('handshake', () => {
  it('announces the load to each allowed origin by name (never *), hands over a port, and answers on it', async () => {
    const { connecting, site, frame, host } = embedded({ GET_CHAIN_ID: () => ({ chainId: 31337 }) });
    const channel = await connecting;
    expect(site.posted.map((p) => p.targetOrigin)).toEqual([SITE, 'https://other.example']);
    expect(frame.posted).toHaveLength(1);
    expect(frame.posted[0]).toMatchObject({ targetOrigin: FRAME, message: { type: APP_HELLO } });
    expect(host.connectedOrigin).toBe(SITE);
    expect(await channel.request('GET_CHAIN_ID', {})).toEqual({ chainId: 31337 });
    // Nothing else went over the windows: requests and answers use the channel.
    expect(frame.posted).toHaveLength(1);
    expect(site.posted).toHaveLength(2);
  });

  it("tells the widget when the frame's own screen opens and closes, over the channel only", async () => {
    const windows = fakeEmbedding(SITE, FRAME);
    const prompts: [boolean, string][] = [];
    const connecting = connectToFrame({ listenOn: windows.site, frameWindow: windows.frameFromSite, frameOrigin: FRAME, readyWaitMs: 0, onPrompt: (open, kind) => prompts.push([open, kind]) });
    const host = startFrameHost({ self: windows.frame, selfOrigin: FRAME, parent: windows.siteFromFrame, allowedOrigins: [SITE], handlers: {} });
    await connecting;
    host.prompt(true, 'protectWallet');
    host.prompt(false, 'protectWallet');
    await waitFor(() => prompts.length === 2);
    // What the screen asks travels with it: the widget names its view after it.
    expect(prompts).toEqual([[true, 'protectWallet'], [false, 'protectWallet']]);
    expect(windows.site.posted).toHaveLength(1);
  });

  it("stops a request's clock while the frame's own screen waits on the person, and gives it a whole timeout after (issue 24)", async () => {
    let saved!: () => void;
    const { connecting, host } = embedded(
      {
        CONNECT_OTP: async () => {
          // The frame shows a new wallet's recovery code and waits for "I have saved it".
          host.prompt(true, 'protectWallet');
          await new Promise<void>((resolve) => (saved = resolve));
          host.prompt(false, 'protectWallet');
          return {};
        },
        GET_CHAIN_ID: () => new Promise(() => undefined),
      },
      // 1 s, and a screen up for 2.5 s: at 40 ms and 150 ms the screen's 'open' message came after
      // the request's clock had run out in session 21's clean run (load ~20).
      { timeouts: { ...FRAME_TIMEOUTS_MS, connect: 1_000, request: 1_000 } },
    );
    const channel = await connecting;
    const login = channel.request('CONNECT_OTP', { otp: '123456' });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    saved();
    expect(await login).toEqual({});
    // Without a person to wait for, the clock runs: a request the frame never answers times out, as one the widget can tell apart.
    const stuck = channel.request('GET_CHAIN_ID', {});
    await expect(stuck).rejects.toBeInstanceOf(FrameTimeoutError);
    await expect(stuck).rejects.toThrow(ErrorText.somethingWentWrong);
  });

  it('resolves init only after the ready event plus 500 ms (SPEC §4)', async () => {
    const { connecting } = embedded({}, { readyWaitMs: undefined });
    const start = performance.now();
    await connecting;
    expect(performance.now() - start).toBeGreaterThanOrEqual(495);
  });

  it("ignores a 'loaded' message from another origin or from a window that is not the frame", async () => {
    const windows = fakeEmbedding(SITE, FRAME);
    const connecting = connectToFrame({ listenOn: windows.site, frameWindow: windows.frameFromSite, frameOrigin: FRAME, loadTimeoutMs: 200, readyWaitMs: 0 });
    const loaded = { type: FRAME_LOADED, v: PROTOCOL_VERSION };
    windows.site.deliver(loaded, 'https://frame.example.evil', windows.frameFromSite);
    windows.site.deliver(loaded, 'https://FRAME.example', windows.frameFromSite);
    windows.site.deliver(loaded, FRAME, windows.site);
    windows.site.deliver(loaded, FRAME, windows.frame);
    windows.site.deliver(loaded, FRAME, {});
    await expect(connecting).rejects.toThrow(ErrorText.frameLoadFailed);
    expect(windows.frame.posted).toHaveLength(0);
  });

  it("gives 'Unable to load email login dependency' when the frame never loads or the iframe fails", async () => {
    const windows = fakeEmbedding(SITE, FRAME);
    await expect(connectToFrame({ listenOn: windows.site, frameWindow: windows.frameFromSite, frameOrigin: FRAME, loadTimeoutMs: 50 })).rejects.toThrow(
      'Unable to load email login dependency',
    );
    const failed = new AbortController();
    const connecting = connectToFrame({ listenOn: windows.site, frameWindow: windows.frameFromSite, frameOrigin: FRAME, signal: failed.signal });
    failed.abort();
    await expect(connecting).rejects.toThrow(ErrorText.frameLoadFailed);
  });

  it('the frame takes the handshake only from its parent, from an allowed origin, with one port, once', async () => {
    const windows = fakeEmbedding(SITE, FRAME);
    const host = startFrameHost({ self: windows.frame, selfOrigin: FRAME, parent: windows.siteFromFrame, allowedOrigins: [SITE], handlers: {} });
    const hello = { type: APP_HELLO, v: PROTOCOL_VERSION };
    const stranger = fakeEmbedding('https://evil.example', FRAME);
    const tries: [unknown, string, unknown, MessagePort[]][] = [
      [hello, 'https://evil.example', windows.siteFromFrame, [new MessageChannel().port2]],
      [hello, SITE, stranger.site, [new MessageChannel().port2]],
      [hello, SITE, windows.siteFromFrame, []],
      [hello, SITE, windows.siteFromFrame, [new MessageChannel().port2, new MessageChannel().port2]],
      [{ ...hello, v: 2 }, SITE, windows.siteFromFrame, [new MessageChannel().port2]],
      [{ ...hello, extra: true }, SITE, windows.siteFromFrame, [new MessageChannel().port2]],
      [hello, `${SITE}/`, windows.siteFromFrame, [new MessageChannel().port2]],
      [hello, 'null', windows.siteFromFrame, [new MessageChannel().port2]],
    ];
    for (const [data, origin, source, ports] of tries) windows.frame.deliver(data, origin, source, ports);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host.connectedOrigin).toBeUndefined();
    const first = new MessageChannel();
    windows.frame.deliver(hello, SITE, windows.siteFromFrame, [first.port2]);
    expect(host.connectedOrigin).toBe(SITE);
    const ready = await new Promise((resolve) => (first.port1.onmessage = (event) => resolve(event.data)));
    expect(ready).toEqual({ type: FRAME_READY, v: PROTOCOL_VERSION });
    const second = new MessageChannel();
    let secondHeard = false;
    second.port1.onmessage = () => (secondHeard = true);
    windows.frame.deliver(hello, 'https://other.example', windows.siteFromFrame, [second.port2]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secondHeard).toBe(false);
    expect(host.connectedOrigin).toBe(SITE);
    host.stop();
    first.port1.close();
  });

  it('refuses to run with an opaque origin', () => {
    const windows = fakeEmbedding(SITE, 'null');
    expect(() => startFrameHost({ self: windows.frame, selfOrigin: 'null', parent: windows.siteFromFrame, allowedOrigins: [SITE], handlers: {} })).toThrow(/opaque origin/);
    expect(windows.site.posted).toHaveLength(0);
  });
});

describe('requests', () => {
  it('sends each request with a fresh crypto.randomUUID() id and the payload its schema parsed', async () => {
    const { channel, received, reply } = await handFrame();
    const first = channel.request('CONNECT_EMAIL', { email: '  ada@example.com ' });
    const second = channel.request('GET_CHAIN_ID', {});
    await waitFor(() => received.length === 2);
    expect(received[0]).toMatchObject({ type: '@cairn-app/CONNECT_EMAIL', payload: { email: 'ada@example.com' } });
    expect(received[0]!.id).toMatch(UUID);
    expect(received[1]!.id).toMatch(UUID);
    expect(received[1]!.id).not.toBe(received[0]!.id);
    // Answers are matched by id and type, whatever their order; a wrong type or unknown id is ignored.
    reply({ type: '@cairn-frame/GET_CHAIN_ID_SUCCESS', id: crypto.randomUUID(), payload: { chainId: 1 } });
    reply({ type: '@cairn-frame/CONNECT_EMAIL_SUCCESS', id: received[1]!.id, payload: { action: 'VERIFY_OTP' } });
    reply({ type: '@cairn-frame/GET_CHAIN_ID_SUCCESS', id: received[1]!.id, payload: { chainId: 5 } });
    reply({ type: '@cairn-frame/CONNECT_EMAIL_SUCCESS', id: received[0]!.id, payload: { action: 'VERIFY_OTP' } });
    expect(await second).toEqual({ chainId: 5 });
    expect(await first).toEqual({ action: 'VERIFY_OTP' });
  });

  it("rejects with the error payload's message, or 'An error occurred' without one or with a malformed success", async () => {
    const { channel, received, reply } = await handFrame();
    const withMessage = channel.request('CONNECT_OTP', { otp: '123456' });
    const without = channel.request('SIGN_OUT', {});
    const malformed = channel.request('GET_USER', {});
    await waitFor(() => received.length === 3);
    reply({ type: '@cairn-frame/CONNECT_OTP_ERROR', id: received[0]!.id, payload: { message: 'Invalid code' } });
    reply({ type: '@cairn-frame/SIGN_OUT_ERROR', id: received[1]!.id, payload: {} });
    reply({ type: '@cairn-frame/GET_USER_SUCCESS', id: received[2]!.id, payload: { ...user, chainId: 'one' } });
    await expect(withMessage).rejects.toThrow('Invalid code');
    await expect(without).rejects.toThrow('An error occurred');
    await expect(malformed).rejects.toThrow('An error occurred');
  });

  it('checks the payload before sending: a bad e-mail or an unknown social provider never leaves the page', async () => {
    const { channel, received } = await handFrame();
    await expect(channel.request('CONNECT_EMAIL', { email: 'not-an-email' })).rejects.toThrow('E-mail payloads must be valid e-mails');
    await expect(channel.request('CONNECT_SOCIAL', { provider: 'farcaster' as 'google' })).rejects.toThrow('Social provider not allowed');
    await expect(channel.request('CONNECT_OTP', { otp: '12 34' })).rejects.toThrow();
    // Core's code rule: exactly the six digits the server mails.
    await expect(channel.request('CONNECT_OTP', { otp: '1234567' })).rejects.toThrow('A one-time code is 6 digits');
    await expect(channel.request('UPDATE_EMAIL_PRIMARY_OTP', { otp: '12345' })).rejects.toThrow('A one-time code is 6 digits');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toHaveLength(0);
  });

  it("an aborted RPC rejects with 'Request was aborted', any other aborted request with 'Something went wrong'", async () => {
    const { channel, received, reply } = await handFrame();
    const rpcAbort = new AbortController();
    const otherAbort = new AbortController();
    const rpc = channel.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', user.address] }, { signal: rpcAbort.signal, needsApproval: true });
    const other = channel.request('GET_USER', {}, { signal: otherAbort.signal });
    await waitFor(() => received.length === 2);
    rpcAbort.abort();
    otherAbort.abort();
    await expect(rpc).rejects.toThrow(ErrorText.requestAborted);
    await expect(other).rejects.toThrow(ErrorText.somethingWentWrong);
    // A late answer to an aborted request is dropped.
    reply({ type: '@cairn-frame/GET_USER_SUCCESS', id: received[1]!.id, payload: user });
    const already = new AbortController();
    already.abort();
    await expect(channel.request('RPC_REQUEST', { method: 'eth_chainId' }, { signal: already.signal })).rejects.toThrow(ErrorText.requestAborted);
  });

  it('times out connect-type requests after 30 s, read RPC after 10 s, an approval after 5 min', async () => {
    const { channel, received } = await handFrame();
    vi.useFakeTimers();
    const outcome = (promise: Promise<unknown>) => {
      const state = { error: undefined as string | undefined };
      promise.catch((error: Error) => (state.error = error.message));
      return state;
    };
    const email = outcome(channel.request('CONNECT_EMAIL', { email: 'ada@example.com' }));
    const read = outcome(channel.request('RPC_REQUEST', { method: 'eth_blockNumber' }));
    const approval = outcome(channel.request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [] }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect([email.error, read.error, approval.error]).toEqual([undefined, undefined, undefined]);
    await vi.advanceTimersByTimeAsync(1);
    expect(read.error).toBe(ErrorText.requestAborted);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(email.error).toBe(ErrorText.somethingWentWrong);
    expect(approval.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(approval.error).toBe(ErrorText.requestAborted);
    vi.useRealTimers();
    await waitFor(() => received.length === 3);
  });
});

describe('the frame answering', () => {
  it('answers reads, passes approval methods on with their permission, refuses the rest without calling a handler', async () => {
    const calls: unknown[] = [];
    const { connecting } = embedded({
      RPC_REQUEST: (payload) => {
        calls.push(payload);
        return { result: payload.permission === 'read' ? '0x7a69' : '0xsigned' };
      },
    });
    const channel = await connecting;
    expect(await channel.request('RPC_REQUEST', { method: 'eth_chainId' })).toEqual({ result: '0x7a69' });
    expect(await channel.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', user.address] }, { needsApproval: true })).toEqual({ result: '0xsigned' });
    await expect(channel.request('RPC_REQUEST', { method: 'eth_sign', params: [] })).rejects.toThrow('Requested RPC call is not allowed');
    await expect(channel.request('RPC_REQUEST', { method: 'wallet_addEthereumChain' })).rejects.toThrow(ErrorText.rpcCallNotAllowed);
    expect(calls).toEqual([
      { method: 'eth_chainId', permission: 'read' },
      { method: 'personal_sign', params: ['0x00', user.address], permission: 'approve' },
    ]);
  });

  it("turns a handler's failure into the error event, and a handler's bad answer into 'An error occurred'", async () => {
    const { connecting } = embedded({
      CONNECT_OTP: () => {
        throw new Error('Invalid code');
      },
      SIGN_OUT: () => {
        throw 'not an error';
      },
      GET_CHAIN_ID: () => ({ chainId: -1 }),
    });
    const channel = await connecting;
    await expect(channel.request('CONNECT_OTP', { otp: '000000' })).rejects.toThrow('Invalid code');
    await expect(channel.request('SIGN_OUT', {})).rejects.toThrow(ErrorText.frameErrorOccurred);
    await expect(channel.request('GET_CHAIN_ID', {})).rejects.toThrow(ErrorText.frameErrorOccurred);
    await expect(channel.request('IS_CONNECTED', {})).rejects.toThrow(ErrorText.frameErrorOccurred);
  });

  it('checks the payload on its side too, whatever the sender skipped', async () => {
    const calls: unknown[] = [];
    const windows = fakeEmbedding(SITE, FRAME);
    startFrameHost({ self: windows.frame, selfOrigin: FRAME, parent: windows.siteFromFrame, allowedOrigins: [SITE], handlers: { CONNECT_EMAIL: (p) => (calls.push(p), { action: 'VERIFY_OTP' }) } });
    const { port1, port2 } = new MessageChannel();
    const answers: unknown[] = [];
    port1.onmessage = (event) => answers.push(event.data);
    windows.frame.deliver({ type: APP_HELLO, v: PROTOCOL_VERSION }, SITE, windows.siteFromFrame, [port2]);
    const id = crypto.randomUUID();
    port1.postMessage({ type: '@cairn-app/CONNECT_EMAIL', id, payload: { email: 'nope' } });
    await waitFor(() => answers.length === 2);
    expect(answers[1]).toEqual({ type: '@cairn-frame/CONNECT_EMAIL_ERROR', id, payload: { message: 'E-mail payloads must be valid e-mails' } });
    expect(calls).toEqual([]);
    port1.close();
  });

  it('works on at most 32 requests at once; more are refused until one finishes', async () => {
    const waiting: (() => void)[] = [];
    const { connecting } = embedded({ GET_USER: () => new Promise((resolve) => waiting.push(() => resolve(user))) });
    const channel = await connecting;
    const first = Array.from({ length: MAX_IN_FLIGHT }, () => channel.request('GET_USER', {}));
    await waitFor(() => waiting.length === MAX_IN_FLIGHT);
    await expect(channel.request('GET_USER', {})).rejects.toThrow(TOO_MANY_REQUESTS);
    waiting.shift()!();
    await first[0];
    const next = channel.request('GET_USER', {});
    await waitFor(() => waiting.length === MAX_IN_FLIGHT);
    for (const release of waiting.splice(0)) release();
    await expect(Promise.all([...first, next])).resolves.toHaveLength(MAX_IN_FLIGHT + 1);
  });
});
