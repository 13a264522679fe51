import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './caip.ts';

interface ChainIdRecord {
  value: string;
  label: string;
  caip2_regex_valid: boolean;
}
interface AccountIdRecord {
  value: string;
  label: string;
  caip10_regex_valid: boolean;
}

// vectors/README.md §2: upstream CAIP-2/CAIP-10 examples. Only the generic-regex
// validity is checked here; `namespace_valid_per_source` (e.g. EIP-55 casing) is the adapters' job.
const vectors = JSON.parse(
  readFileSync(new URL('../../../vectors/caip/caip2_caip10_examples.json', import.meta.url), 'utf8'),
) as { chain_ids: ChainIdRecord[]; account_ids: AccountIdRecord[] };

describe('CAIP vectors', () => {
  it('loads the upstream examples', () => {
    expect(vectors.chain_ids).toHaveLength(144);
    expect(vectors.account_ids).toHaveLength(115);
  });

  it.each(vectors.chain_ids.map((record) => [record.value, record.caip2_regex_valid] as const))(
    'isCaipNetworkId(%j) is %s',
    (value, valid) => {
      expect(isCaipNetworkId(value)).toBe(valid);
    },
  );

  it.each(vectors.account_ids.map((record) => [record.value, record.caip10_regex_valid] as const))(
    'isCaipAddress(%j) is %s',
    (value, valid) => {
      expect(isCaipAddress(value)).toBe(valid);
    },
  );
});

describe('CAIP-2 and CAIP-10 edges', () => {
  it('bounds the namespace to 3..8 lowercase characters', () => {
    expect(isCaipNetworkId('ab:1')).toBe(false);
    expect(isCaipNetworkId('abc:1')).toBe(true);
    expect(isCaipNetworkId('abcdefgh:1')).toBe(true);
    expect(isCaipNetworkId('abcdefghi:1')).toBe(false);
    expect(isCaipNetworkId('EIP155:1')).toBe(false);
  });

  it('bounds the reference to 1..32 characters', () => {
    expect(isCaipNetworkId('eip155:')).toBe(false);
    expect(isCaipNetworkId(`eip155:${'a'.repeat(32)}`)).toBe(true);
    expect(isCaipNetworkId(`eip155:${'a'.repeat(33)}`)).toBe(false);
  });

  it('is anchored: no account id passes as a chain id, nor a chain id with trailing text', () => {
    expect(isCaipNetworkId('eip155:1:0xab')).toBe(false);
    expect(isCaipNetworkId('eip155:1\n')).toBe(false);
    expect(isCaipAddress('eip155:1')).toBe(false);
    expect(isCaipAddress(`eip155:1:${'a'.repeat(129)}`)).toBe(false);
  });
});

describe('parse and build helpers', () => {
  it('parses a chain id into namespace and reference', () => {
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    });
  });

  it('parses an account id into namespace, reference and address', () => {
    expect(parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
    });
  });

  it('throws on an invalid chain id or account id', () => {
    expect(() => parseCaipNetworkId('mainnet')).toThrow('Invalid CAIP-2 chain id: mainnet');
    expect(() => parseCaipAddress('0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb@eip155:1')).toThrow(
      'Invalid CAIP-10 account id: 0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb@eip155:1',
    );
  });

  it('builds a chain id from a namespace and a numeric or string reference', () => {
    expect(toCaipNetworkId('eip155', 10)).toBe('eip155:10');
    expect(toCaipNetworkId('bip122', '000000000019d6689c085ae165831e93')).toBe('bip122:000000000019d6689c085ae165831e93');
  });

  it('refuses to build an invalid chain id', () => {
    expect(() => toCaipNetworkId('eip155', '')).toThrow('Invalid CAIP-2 chain id: eip155:');
    expect(() => toCaipNetworkId('eip155', 1.5)).toThrow('Invalid CAIP-2 chain id: eip155:1.5');
    expect(() => toCaipNetworkId('solana', 'a'.repeat(33))).toThrow(/Invalid CAIP-2 chain id/);
  });

  it('builds an account id and refuses an invalid one', () => {
    expect(toCaipAddress('eip155:1', '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe(
      'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
    );
    expect(() => toCaipAddress('eip155:1', '')).toThrow('Invalid CAIP-10 account id: eip155:1:');
    expect(() => toCaipAddress('eip155:1', 'addr@host')).toThrow(/Invalid CAIP-10 account id/);
  });
});
