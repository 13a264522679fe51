import { deployment, DEFAULT_CHAINS, DEFAULT_SOLANA_PORT, SOLANA_TEST_TOKEN } from '@cairn/devnet';
import { describe, expect, it } from 'vitest';
import { DEVNET_CHAINS, DEVNET_CONTRACTS, DEVNET_SOLANA_CHAIN, DEVNET_SOLANA_TOKENS } from './devnetDefaults.ts';

// The server does not import the devnet at run time; these copies must not drift from it.
describe('devnet defaults', () => {
  it('match the committed devnet deployment', () => {
    for (const [name, address] of Object.entries(DEVNET_CONTRACTS)) {
      expect(deployment.contracts[name as keyof typeof deployment.contracts], name).toBe(address);
    }
  });

  it('name the devnet chains', () => {
    expect(DEVNET_CHAINS.map((chain) => chain.chainId)).toEqual(DEFAULT_CHAINS.map((chain) => chain.chainId));
  });

  it('name the devnet Solana chain and its test mint', () => {
    expect(DEVNET_SOLANA_CHAIN.rpcUrl).toBe(`http://127.0.0.1:${process.env.CHAIN_PORT_SOLANA ? DEFAULT_SOLANA_PORT : 8899}`);
    expect(DEVNET_SOLANA_TOKENS[SOLANA_TEST_TOKEN.mint]).toEqual({ name: SOLANA_TEST_TOKEN.name, symbol: SOLANA_TEST_TOKEN.symbol });
  });
});
