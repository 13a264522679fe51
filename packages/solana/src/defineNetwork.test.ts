import { readVector } from '@cairn/devnet/testing';
import { describe, expect, it } from 'vitest';
import { defineSolanaNetwork, walletStandardChain } from './defineNetwork.ts';

type Caip = { regex: { caip2_chain_id: string }; chain_ids: { value: string }[] };
const caip = readVector<Caip>('caip/caip2_caip10_examples.json');

describe('defineSolanaNetwork', () => {
  it('gives the CAIP-2 id of the CAIP vectors for Solana mainnet, and SOL with 9 decimals', () => {
    const mainnet = defineSolanaNetwork({ id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', rpcUrl: 'https://rpc.example/solana' });
    expect(caip.chain_ids.map((entry) => entry.value)).toContain(mainnet.caipNetworkId);
    expect(mainnet).toMatchObject({ chainNamespace: 'solana', nativeCurrency: { symbol: 'SOL', decimals: 9 } });
    expect(walletStandardChain(mainnet)).toBe('solana:mainnet');
  });

  it('names the local chain solana:localnet, a valid CAIP-2 id', () => {
    const local = defineSolanaNetwork({ id: 'localnet', name: 'Solana Local', rpcUrl: 'http://127.0.0.1:8899' });
    expect(local.caipNetworkId).toMatch(new RegExp(caip.regex.caip2_chain_id));
    expect(walletStandardChain(local)).toBe('solana:localnet');
  });

  it('throws on a bad id, name or RPC URL', () => {
    expect(() => defineSolanaNetwork({ id: 'x'.repeat(33), name: 'a', rpcUrl: 'http://a' })).toThrow('Invalid Solana network id');
    expect(() => defineSolanaNetwork({ id: 'localnet', name: ' ', rpcUrl: 'http://a' })).toThrow('needs a name');
    expect(() => defineSolanaNetwork({ id: 'localnet', name: 'a', rpcUrl: 'ftp://a' })).toThrow('Invalid RPC URL');
  });
});
