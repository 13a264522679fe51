import { hashTypedData, type TypedDataDefinition } from 'viem';
import { describe, expect, it } from 'vitest';
import { signedTypedData } from './signedTypedData.ts';

const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('typed data as EIP-712 signs it', () => {
  it('keeps only declared fields, through structs, arrays of structs and fixed arrays, and hashes the same', () => {
    const definition = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Person: [{ name: 'wallet', type: 'address' }],
        Group: [
          { name: 'lead', type: 'Person' },
          { name: 'members', type: 'Person[]' },
          { name: 'pair', type: 'Person[2]' },
          { name: 'scores', type: 'uint256[]' },
        ],
      },
      primaryType: 'Group',
      domain: { name: 'Groups', chainId: 1, verifyingContract: wallet },
      message: {
        lead: { wallet, nick: 'x' },
        members: [{ wallet, role: 'admin' }],
        pair: [{ wallet }, { wallet, extra: 1 }],
        scores: ['1', '2'],
        unsigned: 'shown to no one',
      },
    } as unknown as TypedDataDefinition;
    const signed = signedTypedData(definition);
    expect(signed.domain).toEqual({ name: 'Groups' });
    expect(signed.message).toEqual({ lead: { wallet }, members: [{ wallet }], pair: [{ wallet }, { wallet }], scores: ['1', '2'] });
    expect(hashTypedData(signed)).toBe(hashTypedData(definition));
  });

  it("keeps a domain without an EIP712Domain type as it is (viem types it by its standard fields)", () => {
    const definition = { types: { Note: [{ name: 'text', type: 'string' }] }, primaryType: 'Note', domain: { name: 'Notes', chainId: 5 }, message: { text: 'hi' } } as const;
    expect(signedTypedData(definition).domain).toEqual({ name: 'Notes', chainId: 5 });
    expect(hashTypedData(signedTypedData(definition))).toBe(hashTypedData(definition));
  });
});
