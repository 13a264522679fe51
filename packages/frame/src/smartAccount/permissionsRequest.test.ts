import { getAddress, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { ERC20_APPROVE_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_TRANSFER_SELECTOR, grantedPermissions, knownSessionCall, MAX_SESSION_VALUE_ALLOWANCE, parseGrantPermissions, PermissionsText, UNBOUNDED_SELECTORS } from './permissionsRequest.ts';
import { toFunctionSelector } from 'viem';

const account = getAddress('0x1111111111111111111111111111111111111111');
const key = getAddress('0x2222222222222222222222222222222222222222');
const target = getAddress('0x3333333333333333333333333333333333333333');
const NOW = 1_900_000_000;
const errors = { otherAccount: 'other account', otherNetwork: 'other network' };
const gasLimit = { type: 'gas-limit', data: { limit: '0x0' } };
const total = (allowance: string) => ({ type: 'token-allowance', data: { allowance } });

const parse = (permission: unknown) => parseGrantPermissions([{ expiry: NOW + 600, signer: { type: 'account', data: { address: key } }, permissions: [permission] }], account, 31337, NOW, errors);
const grantOf = (permission: unknown) => {
  const parsed = parse(permission);
  return 'request' in parsed && parsed.request.method === 'wallet_grantPermissions' ? parsed.request.grant : parsed;
};
const transfers = (valueLimit: string, policies: unknown[]) => ({ type: 'native-token-transfer', data: { to: target, valueLimit }, policies });
const calls = (functionSelector: string, policies: unknown[], valueLimit?: string) => ({ type: 'contract-call', data: { address: target, functionSelector, ...(valueLimit ? { valueLimit } : {}) }, policies });

describe("a session's total, ERC-7715's token-allowance policy (session 24)", () => {
  it('takes the total of plain transfers in wei, up to 10 ETH, the per-call cap at most the total', () => {
    expect(grantOf(transfers('0x5', [gasLimit, total('0x14')]))).toMatchObject({ target, valueLimit: 5n, allowance: 20n, gasBudget: 0n });
    // Policies in either order.
    expect(grantOf(transfers('0x5', [total('0x14'), gasLimit]))).toMatchObject({ allowance: 20n });
    expect(grantOf(transfers('0x5', [gasLimit, total(toHex(MAX_SESSION_VALUE_ALLOWANCE))]))).toMatchObject({ allowance: 10n ** 19n });
    expect(grantOf(transfers('0x5', [gasLimit, total(toHex(MAX_SESSION_VALUE_ALLOWANCE + 1n))]))).toEqual({ error: PermissionsText.allowance });
    expect(grantOf(transfers('0x15', [gasLimit, total('0x14')]))).toEqual({ error: PermissionsText.valueLimitOverAllowance });
  });

  it('refuses a grant that moves value without its total; a call that carries none needs none (0)', () => {
    expect(grantOf(transfers('0x1', [gasLimit]))).toEqual({ error: PermissionsText.allowance });
    expect(grantOf(calls('0x12345678', [gasLimit], '0x1'))).toEqual({ error: PermissionsText.allowance });
    expect(grantOf(calls('0x12345678', [gasLimit]))).toMatchObject({ selector: '0x12345678', valueLimit: 0n, allowance: 0n });
    // The gas budget is still asked for first.
    expect(grantOf(transfers('0x1', [total('0x1')]))).toEqual({ error: PermissionsText.gasBudget });
  });

  it('counts an ERC-20 transfer or approve session in the token, refuses one without its total or with value, takes erc20-token-transfer as its transfer', () => {
    for (const selector of [ERC20_TRANSFER_SELECTOR, ERC20_APPROVE_SELECTOR]) {
      expect(grantOf(calls(selector, [gasLimit, total('0x3b9aca00')]))).toMatchObject({ selector, valueLimit: 0n, allowance: 10n ** 9n });
      expect(grantOf(calls(selector.toUpperCase().replace('0X', '0x'), [gasLimit]))).toEqual({ error: PermissionsText.allowance });
      expect(grantOf(calls(selector, [gasLimit, total('0x1')], '0x1'))).toEqual({ error: PermissionsText.tokenCallWithValue });
    }
    // A token's total is not bounded by the native coin's: uint128 is its bound (a longer quantity is malformed).
    expect(grantOf(calls(ERC20_TRANSFER_SELECTOR, [gasLimit, total(`0x${'f'.repeat(32)}`)]))).toMatchObject({ allowance: 2n ** 128n - 1n });
    expect(grantOf(calls(ERC20_TRANSFER_SELECTOR, [gasLimit, total(`0x${'f'.repeat(33)}`)]))).toEqual({ error: PermissionsText.malformed });
    const erc20 = { type: 'erc20-token-transfer', data: { address: target.toLowerCase(), ticker: 'USDC' }, policies: [gasLimit, total('0x64')] };
    expect(grantOf(erc20)).toEqual({ key, target, selector: ERC20_TRANSFER_SELECTOR, valueLimit: 0n, allowance: 100n, gasBudget: 0n, expiry: NOW + 600 });
    expect(grantOf({ ...erc20, policies: [gasLimit] })).toEqual({ error: PermissionsText.allowance });
  });

  it('refuses a malformed total, or one given twice, as the request\'s shape', () => {
    for (const bad of [total('100'), total('-0x1'), total(''), { type: 'token-allowance', data: { allowance: 100 } }, { type: 'token-allowance' }, { type: 'token-allowance', data: {} }]) {
      expect(grantOf(transfers('0x1', [gasLimit, bad]))).toEqual({ error: PermissionsText.malformed });
    }
    expect(grantOf(transfers('0x1', [gasLimit, total('0x1'), total('0x2')]))).toEqual({ error: PermissionsText.malformed });
    expect(grantOf(transfers('0x1', [gasLimit, gasLimit]))).toEqual({ error: PermissionsText.malformed });
  });

  it('answers the grant with its total beside its gas budget', () => {
    const grant = { key, target, selector: ERC20_TRANSFER_SELECTOR, valueLimit: 0n, allowance: 100n, gasBudget: 7n, expiry: NOW + 600 } as const;
    expect(grantedPermissions(grant, account, 31337).permissions[0]!.policies).toEqual([
      { type: 'gas-limit', data: { limit: '0x7' } },
      { type: 'token-allowance', data: { allowance: '0x64' } },
    ]);
  });
});

describe("a session's other token functions: counted, or refused at the grant (session 25)", () => {
  it('counts transferFrom and increaseAllowance by their amount, like transfer and approve: a total is needed and no value', () => {
    for (const selector of [ERC20_TRANSFER_FROM_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR]) {
      expect(grantOf(calls(selector, [gasLimit, total('0x3b9aca00')]))).toMatchObject({ selector, valueLimit: 0n, allowance: 10n ** 9n });
      expect(grantOf(calls(selector, [gasLimit]))).toEqual({ error: PermissionsText.allowance });
      expect(grantOf(calls(selector, [gasLimit, total('0x1')], '0x1'))).toEqual({ error: PermissionsText.tokenCallWithValue });
      expect(knownSessionCall(selector)).toBe(true);
    }
  });

  it('refuses, before anything else is checked, a session of a function no total bounds, in any case of its selector', () => {
    const named = ['setApprovalForAll(address,bool)', 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)', 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)', 'safeTransferFrom(address,address,uint256)', 'safeTransferFrom(address,address,uint256,bytes)', 'safeTransferFrom(address,address,uint256,uint256,bytes)', 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)', 'authorizeOperator(address)', 'approve(address,address,uint160,uint48)'];
    // Each selector is its signature's (no typo in the table), and the table holds no other.
    expect(Object.entries(UNBOUNDED_SELECTORS)).toEqual(named.map((signature) => [toFunctionSelector(signature), signature]));
    for (const selector of Object.keys(UNBOUNDED_SELECTORS)) {
      expect(grantOf(calls(selector, [gasLimit, total('0x1')]))).toEqual({ error: PermissionsText.unbounded });
      expect(grantOf(calls(selector.toUpperCase().replace('0X', '0x'), []))).toEqual({ error: PermissionsText.unbounded });
      expect(knownSessionCall(selector as `0x${string}`)).toBe(false);
    }
  });

  it("refuses earlier drafts' erc721-token-transfer and erc1155-token-transfer with that reason, not as malformed", () => {
    expect(grantOf({ type: 'erc721-token-transfer', data: { address: target, tokenIds: ['0x1'] }, policies: [] })).toEqual({ error: PermissionsText.unbounded });
    expect(grantOf({ type: 'erc1155-token-transfer', data: { address: target } })).toEqual({ error: PermissionsText.unbounded });
    expect(grantOf({ type: 'erc777-token-transfer', data: { address: target } })).toEqual({ error: PermissionsText.malformed });
  });

  it("knows plain transfers and the counted token functions; any contract's own is not known", () => {
    expect(knownSessionCall(undefined)).toBe(true);
    expect(knownSessionCall(ERC20_TRANSFER_SELECTOR)).toBe(true);
    expect(knownSessionCall('0x12345678')).toBe(false);
  });
});
