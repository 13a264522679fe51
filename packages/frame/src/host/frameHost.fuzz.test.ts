import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { frameRpcPermission } from '@cairn/core/internal';
import { APP_HELLO, FRAME_REQUEST_NAMES, FRAME_REQUESTS, PROTOCOL_VERSION, RequestEnvelopeSchema, requestNameOf } from '../protocol/events.ts';
import { fakeEmbedding, waitFor } from '../testing/fakeWindows.ts';
import { startFrameHost, type FrameHandlers } from './frameHost.ts';

const SITE = 'https://site.example';
const FRAME = 'https://frame.example';

/** mulberry32: a seeded generator, so a failing case can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fuzzValue(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 8 : 13));
  const types = [...FRAME_REQUEST_NAMES.map((n) => `@cairn-app/${n}`), APP_HELLO, '@cairn-frame/READY', '__proto__', ''];
  switch (pick) {
    case 0: return null;
    case 1: return undefined;
    case 2: return next() * 1e12 - 5e11;
    case 3: return [NaN, Infinity, -0, 2 ** 53 + 1][Math.floor(next() * 4)];
    case 4: return types[Math.floor(next() * types.length)];
    case 5: return crypto.randomUUID();
    case 6: return 'x'.repeat(Math.floor(next() * 64));
    case 7: return next() < 0.5;
    case 8: return Array.from({ length: Math.floor(next() * 5) }, () => fuzzValue(next, depth + 1));
    case 9: return { type: types[Math.floor(next() * types.length)], id: next() < 0.7 ? crypto.randomUUID() : fuzzValue(next, depth + 1), payload: fuzzValue(next, depth + 1) };
    case 10: return { type: APP_HELLO, v: next() < 0.5 ? PROTOCOL_VERSION : fuzzValue(next, depth + 1) };
    case 11: return Object.fromEntries(Array.from({ length: Math.floor(next() * 5) }, (_, i) => [['email', 'otp', 'method', 'params', 'provider', 'chainId', 'constructor', 'v'][i % 8]!, fuzzValue(next, depth + 1)]));
    default: return new Date(next() * 1e13);
  }
}

/** The requests a handler may see: a well-formed envelope whose payload passes its schema (and, for RPC, SPEC §6). */
function reachesHandler(message: unknown): string | undefined {
  if (!v.is(RequestEnvelopeSchema, message)) return undefined;
  const name = requestNameOf(message.type);
  const payload = v.safeParse(FRAME_REQUESTS[name].request, message.payload);
  if (!payload.success) return undefined;
  if (name === 'RPC_REQUEST' && frameRpcPermission((payload.output as { method: string }).method) === 'refuse') return undefined;
  return name;
}

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('frame message handler under malformed events', () => {
  it('neither throws nor changes state nor calls a handler for a malformed event, and still answers the real site afterwards', async () => {
    const calls: string[] = [];
    const handlers: FrameHandlers = {};
    for (const name of FRAME_REQUEST_NAMES) {
      (handlers as Record<string, () => unknown>)[name] = () => {
        calls.push(name);
        throw new Error('a handler ran');
      };
    }
    handlers.GET_CHAIN_ID = () => {
      calls.push('GET_CHAIN_ID');
      return { chainId: 31337 };
    };

    const windows = fakeEmbedding(SITE, FRAME);
    const host = startFrameHost({ self: windows.frame, selfOrigin: FRAME, parent: windows.siteFromFrame, allowedOrigins: [SITE], handlers });
    const strangers = [fakeEmbedding('https://evil.example', FRAME).siteFromFrame, windows.frameFromSite, windows.frame, {}, null, undefined];
    const origins = ['https://evil.example', 'null', '', `${SITE}.evil.example`, 'http://site.example', `${SITE}:443`, SITE];
    const next = random(0xcafe);
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);

    // 1. The window: random shapes from random origins and sources, with and without ports, before any handshake.
    for (let i = 0; i < 2000; i++) {
      const origin = origins[Math.floor(next() * origins.length)]!;
      // The parent's own window only with a broken hello: a valid one would (rightly) connect.
      const fromParent = next() < 0.3;
      const data = fromParent ? { type: APP_HELLO, v: PROTOCOL_VERSION, extra: fuzzValue(next) } : fuzzValue(next);
      const ports = next() < 0.3 ? [new MessageChannel().port2] : next() < 0.1 ? [new MessageChannel().port2, new MessageChannel().port2] : [];
      windows.frame.deliver(data, origin, fromParent ? windows.siteFromFrame : strangers[Math.floor(next() * strangers.length)], ports);
    }
    const hostile = new Proxy({}, { get: () => { throw new Error('trap'); }, getPrototypeOf: () => { throw new Error('trap'); } });
    windows.frame.deliver(hostile, SITE, windows.siteFromFrame, [new MessageChannel().port2]);
    windows.frame.deliver({ type: APP_HELLO, v: PROTOCOL_VERSION }, SITE, windows.siteFromFrame, hostile as MessagePort[]);
    windows.frame.deliver({ type: APP_HELLO, v: PROTOCOL_VERSION }, SITE, windows.siteFromFrame, [{} as MessagePort]);
    windows.frame.deliver({ type: APP_HELLO, v: PROTOCOL_VERSION }, SITE, windows.siteFromFrame, null as unknown as MessagePort[]);
    expect(host.connectedOrigin).toBeUndefined();

    // 2. The real handshake, then the channel: random envelopes, huge and deep payloads.
    const { port1, port2 } = new MessageChannel();
    const answers: { type: string; id: string; payload: { message?: string } }[] = [];
    port1.onmessage = (event) => answers.push(event.data);
    windows.frame.deliver({ type: APP_HELLO, v: PROTOCOL_VERSION }, SITE, windows.siteFromFrame, [port2]);
    expect(host.connectedOrigin).toBe(SITE);
    await waitFor(() => answers.length === 1);
    answers.length = 0;

    let sent = 0;
    const expectedCalls: string[] = [];
    for (let i = 0; i < 2000; i++, sent++) {
      const message = fuzzValue(next);
      const name = reachesHandler(message);
      if (name) expectedCalls.push(name);
      port1.postMessage(message);
    }
    const huge = [
      { type: '@cairn-app/CONNECT_EMAIL', id: crypto.randomUUID(), payload: { email: `${'a'.repeat(5_000_000)}@example.com` } },
      { type: '@cairn-app/RPC_REQUEST', id: crypto.randomUUID(), payload: { method: 'eth_call', params: ['x'.repeat(5_000_000)] } },
      { type: '@cairn-app/RPC_REQUEST', id: crypto.randomUUID(), payload: { method: 'eth_call', params: deep(1_000) } },
      { type: '@cairn-app/RPC_REQUEST', id: crypto.randomUUID(), payload: { method: 'eth_call', params: Array.from({ length: 50_000 }, (_, i) => i) } },
      { type: '@cairn-app/RPC_REQUEST', id: crypto.randomUUID(), payload: { method: 'eth_sign', params: [] } },
      { type: '@cairn-app/SYNC_THEME', id: crypto.randomUUID(), payload: { themeMode: 'dark', themeVariables: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`--cairn-v${i}`, 'x'])) } },
      { type: '@cairn-app/GET_USER', id: 'x'.repeat(1_000_000), payload: {} },
      { type: `@cairn-app/${'A'.repeat(1_000_000)}`, id: crypto.randomUUID(), payload: {} },
    ];
    for (const message of huge) port1.postMessage(message);
    // A real request after the storm: answered, so the host kept its state and its channel.
    const id = crypto.randomUUID();
    port1.postMessage({ type: '@cairn-app/GET_CHAIN_ID', id, payload: {} });
    await waitFor(() => answers.some((answer) => answer.id === id), 20_000);

    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
    expect(errors).toEqual([]);
    // Handlers ran for the well-formed requests the fuzzer happened to make, and for nothing else.
    expect(calls).toEqual([...expectedCalls, 'GET_CHAIN_ID']);
    expect(expectedCalls.length).toBeLessThan(sent / 20);
    expect(host.connectedOrigin).toBe(SITE);
    expect(answers.find((answer) => answer.id === id)).toEqual({ type: '@cairn-frame/GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 31337 } });
    // Only well-formed envelopes got an answer: an error event with a short message, or the chain id from the one handler that answers.
    for (const answer of answers.filter((a) => a.id !== id)) {
      if (answer.type === '@cairn-frame/GET_CHAIN_ID_SUCCESS') continue;
      expect(answer.type).toMatch(/^@cairn-frame\/[A-Z_]+_ERROR$/);
      expect(answer.payload.message!.length).toBeLessThanOrEqual(1000);
    }
    expect(answers.length).toBeLessThan(sent);
    host.stop();
    port1.close();
  });
});
