import { describe, expect, it } from 'vitest';
import { SDK_TYPE, SDK_VERSION, serverUrl } from './apiConfig.ts';

describe('serverUrl', () => {
  it('puts projectId, st and sv first, then the query without its undefined values', () => {
    const url = new URL(serverUrl({ url: 'https://cairn.example/api//', projectId: 'site one' }, '/getWallets', { page: '1', search: undefined, chains: 'eip155:1,eip155:10' }));
    expect(url.origin + url.pathname).toBe('https://cairn.example/api/getWallets');
    expect([...url.searchParams]).toEqual([
      ['projectId', 'site one'],
      ['st', SDK_TYPE],
      ['sv', SDK_VERSION],
      ['page', '1'],
      ['chains', 'eip155:1,eip155:10'],
    ]);
  });

  it('carries only projectId, st and sv when the call has no query', () => {
    expect(serverUrl({ url: 'http://127.0.0.1:3000', projectId: 'p' }, '/auth/v1/nonce')).toBe(`http://127.0.0.1:3000/auth/v1/nonce?projectId=p&st=${SDK_TYPE}&sv=${SDK_VERSION}`);
  });
});
