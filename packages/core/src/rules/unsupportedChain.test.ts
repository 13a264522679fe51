import { describe, expect, it } from 'vitest';
import { shouldShowUnsupportedChain } from './unsupportedChain.ts';

const requestedIds = ['eip155:1', 'eip155:10'] as const;
const bools = [true, false];
const rows = bools.flatMap((listed) =>
  bools.flatMap((networkSwitchingEnabled) =>
    bools.flatMap((allowUnsupportedChain) =>
      bools.map((isBasicWalletConnect) => ({ listed, networkSwitchingEnabled, allowUnsupportedChain, isBasicWalletConnect })),
    ),
  ),
);

describe('shouldShowUnsupportedChain (SPEC §2)', () => {
  it('covers all 16 combinations of the four conditions', () => {
    expect(rows).toHaveLength(16);
  });

  it.each(rows)(
    'listed=$listed switching=$networkSwitchingEnabled allowUnsupported=$allowUnsupportedChain basicWC=$isBasicWalletConnect',
    ({ listed, networkSwitchingEnabled, allowUnsupportedChain, isBasicWalletConnect }) => {
      const show = shouldShowUnsupportedChain({
        activeCaipNetworkId: listed ? 'eip155:10' : 'eip155:999',
        requestedIds,
        networkSwitchingEnabled,
        allowUnsupportedChain,
        isBasicWalletConnect,
      });
      // Only when every condition holds: not listed, switching on, unsupported not allowed, not basic WC.
      expect(show).toBe(!listed && networkSwitchingEnabled && !allowUnsupportedChain && !isBasicWalletConnect);
    },
  );

  it('compares whole CAIP-2 ids, so the same reference in another namespace is not listed', () => {
    expect(
      shouldShowUnsupportedChain({
        activeCaipNetworkId: 'cosmos:1',
        requestedIds: ['eip155:1'],
        networkSwitchingEnabled: true,
        allowUnsupportedChain: false,
        isBasicWalletConnect: false,
      }),
    ).toBe(true);
  });
});
