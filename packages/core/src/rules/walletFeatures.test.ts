import { describe, expect, it } from 'vitest';
import { walletFeaturesFor, WALLET_FEATURES } from './walletFeatures.ts';

const allOn = { onramp: true, swaps: true, receive: true, send: true };

describe('walletFeaturesFor', () => {
  it('lists the features in SPEC §9 order: onramp, swaps, receive, send', () => {
    expect(walletFeaturesFor({ switches: allOn, activeCaipNetworkId: 'eip155:1', built: ['send', 'receive', 'swaps', 'onramp'] })).toEqual([
      'onramp',
      'swaps',
      'receive',
      'send',
    ]);
  });

  it('leaves out a feature switched off', () => {
    expect(
      walletFeaturesFor({ switches: { ...allOn, swaps: false, send: false }, activeCaipNetworkId: 'eip155:1', built: WALLET_FEATURES }),
    ).toEqual(['onramp', 'receive']);
  });

  it('leaves out a feature not built yet, whatever its switch', () => {
    expect(walletFeaturesFor({ switches: allOn, activeCaipNetworkId: 'eip155:1', built: ['receive'] })).toEqual(['receive']);
  });

  it('offers swaps only on the swap-supported eip155 networks', () => {
    const built = WALLET_FEATURES;
    expect(walletFeaturesFor({ switches: allOn, activeCaipNetworkId: 'eip155:8453', built })).toContain('swaps');
    expect(walletFeaturesFor({ switches: allOn, activeCaipNetworkId: 'eip155:1313161554', built })).toContain('swaps');
    expect(walletFeaturesFor({ switches: allOn, activeCaipNetworkId: 'eip155:31337', built })).toEqual(['onramp', 'receive', 'send']);
    expect(walletFeaturesFor({ switches: allOn, activeCaipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', built })).not.toContain('swaps');
  });

  it("adds the site's own swap networks (options.swapNetworks), eip155 only", () => {
    const built = WALLET_FEATURES;
    expect(walletFeaturesFor({ switches: allOn, activeCaipNetworkId: 'eip155:31337', built, swapNetworks: ['eip155:31337'] })).toContain('swaps');
    expect(walletFeaturesFor({ switches: allOn, activeCaipNetworkId: 'eip155:31338', built, swapNetworks: ['eip155:31337'] })).not.toContain('swaps');
  });
});
