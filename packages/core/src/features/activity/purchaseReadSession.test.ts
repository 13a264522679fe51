import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHistoryApi } from '../../api/historyApi.ts';
import type { SiwxBackend } from '../../siwx/siwxBackend.ts';
import { purchaseReadSession } from './purchaseReadSession.ts';

const TOKEN = 'token-1-0123456789abcdef';
afterEach(() => vi.unstubAllGlobals());

describe('purchaseReadSession (issue 28: what was paid goes only to the signed-in visitor)', () => {
  it('reads anonymously on a site without sign-in, or signing in on its own backend (no session of the Cairn server to send)', () => {
    expect(purchaseReadSession({})).toEqual({});
    expect(purchaseReadSession({ siwx: { backend: {} as SiwxBackend } })).toEqual({});
  });

  it("sends the server's session: its cookie on the same site, its bearer token from a cross-site sign-in", () => {
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => (key === '@cairn/siwxToken' ? TOKEN : null) });
    expect(purchaseReadSession({ siwx: {} })).toEqual({ session: {} });
    expect(purchaseReadSession({ siwx: { crossSite: true } })).toEqual({ session: { bearer: TOKEN } });
  });

  it('the history client sends the bearer and the cookie (credentials) only on a read with a session', async () => {
    const calls: RequestInit[] = [];
    const fetch = (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init ?? {});
      return Promise.resolve(new Response(JSON.stringify({ data: [], next: null }), { headers: { 'content-type': 'application/json' } }));
    };
    const api = createHistoryApi({ url: 'http://127.0.0.1:1', projectId: 'test' }, { fetch: fetch as typeof globalThis.fetch });
    await api.getOnrampPurchases('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', { chainId: 'eip155:1' });
    await api.getOnrampPurchases('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', { chainId: 'eip155:1', session: { bearer: TOKEN } });
    expect(calls.map((init) => [init.credentials, (init.headers as Record<string, string>).authorization])).toEqual([
      [undefined, undefined],
      ['include', `Bearer ${TOKEN}`],
    ]);
  });
});
