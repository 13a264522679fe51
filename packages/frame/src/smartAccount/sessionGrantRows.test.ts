import { fill } from '@cairn/core/rules';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { ERC20_APPROVE_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_TRANSFER_SELECTOR } from './permissionsRequest.ts';
import { sessionGrantRows } from './sessionGrantRows.ts';

const key = getAddress('0x2222222222222222222222222222222222222222');
const token = getAddress('0x3333333333333333333333333333333333333333');
const ETH = { symbol: 'ETH', decimals: 18 };
const moved = (rows: { label: string; value: string }[]) => rows.find((row) => row.label === 'May move')?.value;

describe("the grant screen's total (session 24)", () => {
  const base = { key, target: token, valueLimit: 0n, gasBudget: 0n, expiry: 1_900_000_000 };

  it("says a token session's total in the token's own decimals and symbol with its address, or in its smallest units", () => {
    for (const selector of [ERC20_TRANSFER_SELECTOR, ERC20_APPROVE_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR]) {
      const grant = { ...base, selector, allowance: 1_500_000n };
      expect(moved(sessionGrantRows(grant, ETH, false, fill, { decimals: 6, symbol: 'USDC' }))).toBe(`Up to 1.5 USDC (token ${token}), in all`);
      expect(moved(sessionGrantRows(grant, ETH, false, fill))).toBe(`Up to 1500000 in the smallest units of token ${token}, in all`);
    }
  });

  it('says a value session its total of the balance, and a call that carries no value nothing', () => {
    expect(moved(sessionGrantRows({ ...base, valueLimit: 10n ** 15n, allowance: 3n * 10n ** 15n }, ETH, false, fill))).toBe('Up to 0.003 ETH of your balance, in all');
    expect(moved(sessionGrantRows({ ...base, selector: '0x12345678', allowance: 0n }, ETH, false, fill))).toBe('Nothing: its calls carry no value');
  });
});

describe("the grant screen's warning for a function Cairn does not know (session 25)", () => {
  const base = { key, target: token, valueLimit: 0n, allowance: 0n, gasBudget: 0n, expiry: 1_900_000_000 };
  const warning = (rows: { label: string; value: string }[]) => rows.find((row) => row.label === 'Beware')?.value;

  it("warns, under the function, that a contract's own function is bounded only by what it does", () => {
    const rows = sessionGrantRows({ ...base, selector: '0x12345678' }, ETH, false, fill);
    const at = rows.findIndex((row) => row.label === 'Function');
    expect(rows[at]?.value).toBe('function 0x12345678');
    expect(rows[at + 1]).toEqual({ label: 'Beware', value: 'Cairn does not know this function: what each call gives away is up to the contract, and the total counts only the value the calls carry' });
  });

  it('does not warn for plain transfers or the token functions it counts', () => {
    expect(warning(sessionGrantRows({ ...base, valueLimit: 1n, allowance: 1n }, ETH, false, fill))).toBeUndefined();
    for (const selector of [ERC20_TRANSFER_SELECTOR, ERC20_APPROVE_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR]) {
      expect(warning(sessionGrantRows({ ...base, selector, allowance: 1n }, ETH, false, fill))).toBeUndefined();
    }
  });
});
