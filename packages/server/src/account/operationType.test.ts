import { describe, expect, it } from 'vitest';
import { operationType } from './operationType.ts';

const me = '0x00000000000000000000000000000000000000aa';
const other = '0x00000000000000000000000000000000000000bb';
const zero = '0x0000000000000000000000000000000000000000';
const tx = { from_address: me, to_address: other, selector: null };
const move = (from: string, to: string, contract: string | null = null) => ({ from_address: from, to_address: to, contract, standard: contract ? 'erc20' : 'native' });

describe('operationType', () => {
  it('names a transaction from the account’s side', () => {
    expect(operationType(me, tx, [move(me, other)])).toBe('send');
    expect(operationType(me, tx, [move(other, me)])).toBe('receive');
    expect(operationType(me, tx, [move(me, me)])).toBe('send');
    expect(operationType(me, tx, [move(zero, me, '0xnft')])).toBe('mint');
    expect(operationType(me, tx, [move(me, zero, '0xtoken')])).toBe('burn');
    expect(operationType(me, tx, [move(me, other, '0xa'), move(other, me, '0xb')])).toBe('trade');
  });

  it('falls back on the call itself when no transfer involves the account', () => {
    expect(operationType(me, { ...tx, to_address: null }, [])).toBe('deploy');
    expect(operationType(me, { ...tx, selector: '0x095ea7b3' }, [])).toBe('approve');
    expect(operationType(me, tx, [move(other, '0x00000000000000000000000000000000000000cc')])).toBe('execute');
  });
});
