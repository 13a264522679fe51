import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Cairn } from '@cairn/core';
import type { Hash, Hex } from 'viem';
import './requestSchema.ts';

// The calls below are checked by the typecheck (tsc), never run: with @cairn/evm installed,
// cairn.request speaks viem's EIP-1193 types.
async function siteCalls(cairn: Cairn) {
  const chainId = await cairn.request({ method: 'eth_chainId' });
  expectTypeOf(chainId).toEqualTypeOf<Hex>();
  const hash = await cairn.request({
    method: 'eth_sendTransaction',
    params: [{ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }],
  });
  expectTypeOf(hash).toEqualTypeOf<Hash>();
  // @ts-expect-error: an address is a 0x-prefixed string
  await cairn.request({ method: 'eth_sendTransaction', params: [{ from: 'alice' }] });
  // @ts-expect-error: a method viem's schemas do not know
  await cairn.request({ method: 'eth_notAMethod' });
}

describe('cairn.request with the eip155 schema', () => {
  it('is typed by the schema (checked at compile time)', () => {
    expect(typeof siteCalls).toBe('function');
  });
});
