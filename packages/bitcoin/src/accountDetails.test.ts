import { describe, expect, it } from 'vitest';
import { bitcoinAccountDetails } from './accountDetails.ts';

const xOnly = 'ab'.repeat(32);
const compressed = `02${'cd'.repeat(32)}`;

describe('bitcoinAccountDetails (SPEC §3 library-level account)', () => {
  it("gives each account's purpose as its type and its key in hex, from bytes or from a wallet's hex", () => {
    expect(
      bitcoinAccountDetails([
        { address: 'bcrt1qpayment', purpose: 'payment', publicKey: Uint8Array.from(Buffer.from(compressed, 'hex')) },
        { address: 'bcrt1pordinals', purpose: 'ordinals', publicKey: xOnly.toUpperCase() },
      ]),
    ).toEqual([
      { address: 'bcrt1qpayment', type: 'payment', publicKey: compressed },
      { address: 'bcrt1pordinals', type: 'ordinals', publicKey: xOnly },
    ]);
  });

  it('leaves out a key that is missing, not hex, or of no secp256k1 length', () => {
    expect(
      bitcoinAccountDetails([
        { address: 'a', purpose: 'payment' },
        { address: 'b', purpose: 'payment', publicKey: 'zz'.repeat(33) },
        { address: 'c', purpose: 'payment', publicKey: 'ab'.repeat(20) },
        { address: 'd', purpose: 'payment', publicKey: new Uint8Array(31) },
      ]),
    ).toEqual([
      { address: 'a', type: 'payment' },
      { address: 'b', type: 'payment' },
      { address: 'c', type: 'payment' },
      { address: 'd', type: 'payment' },
    ]);
  });
});
