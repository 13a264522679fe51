import { deployment, DEFAULT_CHAINS } from '@cairn/devnet';
import { describe, expect, it } from 'vitest';
import { DEVNET_CHAINS, DEVNET_CONTRACTS } from './devnetDefaults.ts';

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
});
