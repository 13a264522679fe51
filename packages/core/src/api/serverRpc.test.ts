import { describe, expect, it } from 'vitest';
import type { CaipNetwork } from '../types.ts';
import { serverRpcUrl, withServerRpc } from './serverRpc.ts';

const api = { url: 'https://api.shop.example/', projectId: 'shop' };
const network = (http: string[]): CaipNetwork => ({
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http } },
});

describe('withServerRpc', () => {
  it('points a network without an RPC URL at the site server', () => {
    expect(serverRpcUrl(api, 'eip155:1')).toBe('https://api.shop.example/v1/?projectId=shop&st=cairn&sv=0.1.0&chainId=eip155%3A1');
    expect(withServerRpc(network([]), api)?.rpcUrls.default.http).toEqual([serverRpcUrl(api, 'eip155:1')]);
  });

  it('keeps the site’s own RPC URL', () => {
    const own = network(['https://node.shop.example']);
    expect(withServerRpc(own, api)).toBe(own);
  });

  it('has nothing to read through without an RPC URL or a server', () => {
    expect(withServerRpc(network([]), undefined)).toBeUndefined();
  });
});
