import { describe, expect, it } from 'vitest';
import { testNetworks } from '../testing/fakeAdapter.ts';
import { approvedNetworks, isNetworkApproved, sessionChains } from './networkApproval.ts';

const { mainnet, optimism } = testNetworks;

describe('networkApproval', () => {
  it('a session approves its own chains of the namespace; a browser wallet every network', () => {
    expect(approvedNetworks(['eip155:1', 'eip155:1', 'solana:localnet'], 'eip155')).toEqual({ approvedCaipNetworkIds: ['eip155:1'], supportsAllNetworks: false });
    expect(approvedNetworks(undefined, 'eip155')).toEqual({ approvedCaipNetworkIds: [], supportsAllNetworks: true });
  });

  it('greys out only a network the connected wallet of its namespace did not approve', () => {
    const session = { eip155: approvedNetworks(['eip155:1'], 'eip155') };
    expect(isNetworkApproved(session, mainnet)).toBe(true);
    expect(isNetworkApproved(session, optimism)).toBe(false);
    expect(isNetworkApproved({ eip155: approvedNetworks(undefined, 'eip155') }, optimism)).toBe(true);
    expect(isNetworkApproved({}, optimism)).toBe(true);
  });

  it("reads a session's chains from its accounts, each once", () => {
    const address = '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266';
    expect(sessionChains([`eip155:1:${address}`, `eip155:10:${address}`, `eip155:1:0x${'1'.repeat(40)}`, 'solana:localnet:Abc'])).toEqual([
      'eip155:1',
      'eip155:10',
      'solana:localnet',
    ]);
  });
});
