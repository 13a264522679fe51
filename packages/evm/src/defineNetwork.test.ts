import { describe, expect, it } from 'vitest';
import { base, sepolia } from 'viem/chains';
import { defineChain } from 'viem';
import { defineEvmNetwork } from './defineNetwork.ts';

describe('defineEvmNetwork', () => {
  it("takes Cairn's own fields, Ether by default", () => {
    expect(defineEvmNetwork({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' })).toEqual({
      id: 31337,
      caipNetworkId: 'eip155:31337',
      chainNamespace: 'eip155',
      name: 'Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    });
  });

  it("takes a viem Chain with the site's own RPC URL, keeping its currency, explorer and testnet flag", () => {
    expect(defineEvmNetwork(sepolia, { rpcUrl: 'https://rpc.my.site/sepolia' })).toEqual({
      id: 11155111,
      caipNetworkId: 'eip155:11155111',
      chainNamespace: 'eip155',
      name: 'Sepolia',
      nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.my.site/sepolia'] } },
      blockExplorers: { default: { name: sepolia.blockExplorers.default.name, url: sepolia.blockExplorers.default.url } },
      testnet: true,
    });
  });

  it("leaves a network without rpcUrl to the site's server (createCairn's api fills it in)", () => {
    expect(defineEvmNetwork({ id: 31337, name: 'Devnet' }).rpcUrls).toEqual({ default: { http: [] } });
  });

  it("falls back to the viem chain's first default RPC URL", () => {
    expect(defineEvmNetwork(base).rpcUrls.default.http).toEqual([base.rpcUrls.default.http[0]]);
  });

  it('refuses a chain without any RPC URL, a bad id, a bad URL and a value that is not a network', () => {
    const bare = defineChain({ id: 7, name: 'Bare', nativeCurrency: { name: 'B', symbol: 'B', decimals: 18 }, rpcUrls: { default: { http: [] } } });
    expect(() => defineEvmNetwork(bare)).toThrow('defineEvmNetwork: chain 7 has no default RPC URL; pass { rpcUrl }');
    expect(() => defineEvmNetwork({ id: 0, name: 'Zero', rpcUrl: 'http://127.0.0.1:8545' })).toThrow('Invalid EVM chain id: 0');
    expect(() => defineEvmNetwork({ id: 1, name: 'One', rpcUrl: 'ftp://x' })).toThrow('Invalid RPC URL for chain 1: ftp://x');
    expect(() => defineEvmNetwork({ id: 1, name: '', rpcUrl: 'http://127.0.0.1:8545' })).toThrow('Chain 1 needs a name');
    expect(() => defineEvmNetwork(null as never)).toThrow('defineEvmNetwork: pass { id, name, rpcUrl } or a viem Chain');
  });
});
