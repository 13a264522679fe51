import { describe, expect, it } from 'vitest';
import { polkadotAccountDetails } from './accountDetails.ts';
import { encodeSs58 } from './ss58.ts';

const key = Uint8Array.from({ length: 32 }, (_, index) => index + 1);
const keyHex = `0x${Array.from(key, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

describe('polkadotAccountDetails (SPEC §3 library-level account)', () => {
  it("gives an sr25519 or ed25519 account's key from its address, whatever the network prefix", () => {
    const polkadot = encodeSs58(key, 0);
    const generic = encodeSs58(key, 42);
    expect(polkadotAccountDetails([{ address: polkadot, type: 'sr25519' }, { address: generic, type: 'ed25519' }])).toEqual([
      { address: polkadot, type: 'eoa', publicKey: keyHex },
      { address: generic, type: 'eoa', publicKey: keyHex },
    ]);
  });

  it('takes an account of no stated type as sr25519, the extensions\' default', () => {
    const address = encodeSs58(key, 42);
    expect(polkadotAccountDetails([{ address }])).toEqual([{ address, type: 'eoa', publicKey: keyHex }]);
  });

  it('gives no key for an ecdsa account (its account id is a hash of the key) nor for an address that is not SS58', () => {
    const address = encodeSs58(key, 42);
    expect(polkadotAccountDetails([{ address, type: 'ecdsa' }, { address: 'not-an-address', type: 'sr25519' }])).toEqual([
      { address, type: 'eoa' },
      { address: 'not-an-address', type: 'eoa' },
    ]);
  });
});
