import { describe, expect, it } from 'vitest';
import { onrampConfig } from './onramp.ts';

const key = `0x${'11'.repeat(32)}` as const;

describe('onrampConfig: the onramp area on its own', () => {
  it('needs only its variables and the chains it pays on: a devnet funder gets the devnet caps and the server address', () => {
    expect(onrampConfig({ ONRAMP_PAYOUTS_PER_ADDRESS_PER_DAY: '4' }, [{ chainId: 31337, onrampFunderKey: key }], undefined, 'http://127.0.0.1:8787')).toEqual({
      checkoutBaseUrl: 'http://127.0.0.1:8787',
      priceWindowBlocks: 120,
      payoutsPerAddressPerDay: 4,
      payoutsPerIpPerDay: 1000,
      payoutsPerDay: 100_000,
    });
  });

  it('refuses to pay on another chain without PUBLIC_URL, and caps it tighter with one', () => {
    expect(() => onrampConfig({}, [{ chainId: 11155111, onrampFunderKey: key }], undefined, 'http://127.0.0.1:8787')).toThrow('PUBLIC_URL must be set when the onramp pays on a chain other than the devnet\'s (eip155:11155111)');
    expect(onrampConfig({}, [{ chainId: 11155111, onrampFunderKey: key }], 'https://pay.example', 'http://127.0.0.1:8787')).toMatchObject({ checkoutBaseUrl: 'https://pay.example', payoutsPerIpPerDay: 10, payoutsPerDay: 200 });
  });
});
