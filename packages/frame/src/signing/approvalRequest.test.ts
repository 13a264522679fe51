import { describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ApprovalText, parseApprovalRequest } from './approvalRequest.ts';
import { cairnAccountAbi } from '../smartAccount/cairnAccount.ts';
import { PermissionsText } from '../smartAccount/permissionsRequest.ts';
import { UserOperationText } from '../smartAccount/userOperationRequest.ts';

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const typedData = (chainId?: number) => ({
  types: { EIP712Domain: chainId === undefined ? [] : [{ name: 'chainId', type: 'uint256' }], Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  domain: chainId === undefined ? {} : { chainId },
  message: { text: 'hi' },
});

describe('approval requests (SPEC §6)', () => {
  it('reads personal_sign hex as bytes and other text as text, for this account only', () => {
    expect(parseApprovalRequest('personal_sign', ['0x6869', account.toLowerCase()], account, 1)).toEqual({ request: { method: 'personal_sign', message: { raw: '0x6869' } } });
    expect(parseApprovalRequest('personal_sign', ['hello', account], account, 1)).toEqual({ request: { method: 'personal_sign', message: 'hello' } });
    expect(parseApprovalRequest('personal_sign', ['hello', other], account, 1)).toEqual({ error: ApprovalText.otherAccount });
    expect(parseApprovalRequest('personal_sign', [{}, account], account, 1)).toEqual({ error: ApprovalText.malformed });
    expect(parseApprovalRequest('personal_sign', ['0x' + '00'.repeat(70_000), account], account, 1)).toEqual({ error: ApprovalText.malformed });
  });

  it('takes typed data as JSON text or an object, on the active network only', () => {
    expect(parseApprovalRequest('eth_signTypedData_v4', [account, JSON.stringify(typedData(5))], account, 5)).toMatchObject({ request: { method: 'eth_signTypedData_v4' } });
    expect(parseApprovalRequest('eth_signTypedData_v4', [account, typedData()], account, 5)).toMatchObject({ request: { method: 'eth_signTypedData_v4' } });
    expect(parseApprovalRequest('eth_signTypedData_v4', [account, typedData(1)], account, 5)).toEqual({ error: ApprovalText.otherNetwork });
    expect(parseApprovalRequest('eth_signTypedData_v4', [other, typedData(5)], account, 5)).toEqual({ error: ApprovalText.otherAccount });
    expect(parseApprovalRequest('eth_signTypedData_v4', [account, '{not json'], account, 5)).toEqual({ error: ApprovalText.malformed });
    expect(parseApprovalRequest('eth_signTypedData_v4', [account, { ...typedData(5), primaryType: 'Missing' }], account, 5)).toEqual({ error: ApprovalText.malformed });
    expect(parseApprovalRequest('eth_signTypedData_v4', [account, 'x'.repeat(200_000)], account, 5)).toEqual({ error: ApprovalText.malformed });
  });

  it('decodes a transaction from this account on this network, with SPEC §5 fee rules', () => {
    expect(parseApprovalRequest('eth_sendTransaction', [{ from: account, to: other, value: '0x10', data: '0xabcd', gas: '0x5208' }], account, 1)).toEqual({
      request: { method: 'eth_sendTransaction', transaction: { to: other, value: 16n, data: '0xabcd', gas: 21000n } },
    });
    expect(parseApprovalRequest('eth_sendTransaction', [{ from: other, to: other }], account, 1)).toEqual({ error: ApprovalText.otherAccount });
    expect(parseApprovalRequest('eth_sendTransaction', [{ from: account, to: other, chainId: '0x2' }], account, 1)).toEqual({ error: ApprovalText.otherNetwork });
    expect(parseApprovalRequest('eth_sendTransaction', [{ from: account, gasPrice: '0x1', maxFeePerGas: '0x2' }], account, 1)).toEqual({
      error: 'Cannot specify both gasPrice and maxFeePerGas or maxPriorityFeePerGas',
    });
    expect(parseApprovalRequest('eth_sendTransaction', [{ from: account, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }], account, 1)).toEqual({
      error: 'maxPriorityFeePerGas cannot be higher than maxFeePerGas',
    });
    for (const bad of [[], [null], [{ from: account, value: '12' }], [{ from: account, data: '0xabc' }], [{ from: account, to: 'bob' }]]) {
      expect(parseApprovalRequest('eth_sendTransaction', bad, account, 1), JSON.stringify(bad)).toEqual({ error: ApprovalText.malformed });
    }
  });

  it('decodes a wallet_sendCalls batch for the account and network, and refuses a batch for another or a malformed one', () => {
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const batch = (fields: Record<string, unknown>) => [{ version: '2.0.0', chainId: '0x1', from: account, atomicRequired: true, calls: [{ to, value: '0x10' }, { to, data: '0xa9059cbb' }], ...fields }];
    expect(parseApprovalRequest('wallet_sendCalls', batch({}), account, 1)).toEqual({
      request: { method: 'wallet_sendCalls', calls: [{ to, value: 16n }, { to, value: 0n, data: '0xa9059cbb' }] },
    });
    expect(parseApprovalRequest('wallet_sendCalls', batch({ from: to }), account, 1)).toEqual({ error: ApprovalText.otherAccount });
    expect(parseApprovalRequest('wallet_sendCalls', batch({ chainId: '0x2' }), account, 1)).toEqual({ error: ApprovalText.otherNetwork });
    expect(parseApprovalRequest('wallet_sendCalls', batch({ calls: [{ to, value: 'lots' }] }), account, 1)).toEqual({ error: ApprovalText.malformed });
    // SPEC §5's rule, with its own text.
    expect(parseApprovalRequest('wallet_sendCalls', batch({ calls: [{ data: '0x' }] }), account, 1)).toEqual({ error: 'wallet_sendCalls: call 0 needs a `to` address' });
    expect(parseApprovalRequest('wallet_sendCalls', batch({ calls: Array.from({ length: 17 }, () => ({ to })) }), account, 1)).toEqual({ error: 'A batch may hold at most 16 calls' });
  });

  it('refuses the methods it does not decode here with the user text', () => {
    for (const method of ['solana_signMessage', 'eth_sign']) {
      expect(parseApprovalRequest(method, [], account, 1)).toEqual({ error: 'Action not allowed' });
    }
  });

  it('says what a malformed user operation or permission request lacks', () => {
    expect(parseApprovalRequest('eth_sendUserOperation', [], account, 1)).toEqual({ error: UserOperationText.malformed });
    expect(parseApprovalRequest('wallet_grantPermissions', [], account, 1)).toEqual({ error: PermissionsText.malformed });
    expect(parseApprovalRequest('wallet_revokePermissions', [{}], account, 1)).toEqual({ error: PermissionsText.malformedRevoke });
  });

  it('decodes a session grant for the smart account, its key from an address or a public key, and refuses an expiry past 30 days', () => {
    const key = privateKeyToAccount(generatePrivateKey());
    const target = `0x${'ab'.repeat(20)}`;
    const expiry = Math.floor(Date.now() / 1000) + 600;
    const budget = [{ type: 'gas-limit', data: { limit: '0x2386f26fc10000' } }, { type: 'token-allowance', data: { allowance: '0x64' } }];
    const grant = (signer: unknown, when = expiry, policies: unknown = budget) => [{ expiry: when, signer, permissions: [{ type: 'contract-call', data: { address: target, functionSelector: '0xA9059CBB' }, policies }] }];
    const byAddress = parseApprovalRequest('wallet_grantPermissions', grant({ type: 'account', data: { address: key.address } }), account, 1);
    expect(byAddress).toEqual({ request: { method: 'wallet_grantPermissions', grant: { key: key.address, target: getAddress(target), selector: '0xa9059cbb', valueLimit: 0n, allowance: 100n, gasBudget: 10n ** 16n, expiry } } });
    expect(parseApprovalRequest('wallet_grantPermissions', grant({ type: 'key', data: { type: 'secp256k1', publicKey: key.publicKey } }), account, 1)).toEqual(byAddress);
    expect(parseApprovalRequest('wallet_grantPermissions', grant({ type: 'account', data: { address: key.address } }, expiry + 31 * 24 * 3600), account, 1)).toEqual({ error: PermissionsText.expiry });
  });

  it("takes a grant's gas budget from ERC-7715's gas-limit policy, 0 to 1 ETH in wei, and refuses a grant without one, over it, or any other policy", () => {
    const key = privateKeyToAccount(generatePrivateKey()).address;
    const expiry = Math.floor(Date.now() / 1000) + 600;
    const grant = (policies?: unknown) => [{ expiry, signer: { type: 'account', data: { address: key } }, permissions: [{ type: 'contract-call', data: { address: account, functionSelector: '0x12345678' }, ...(policies === undefined ? {} : { policies }) }] }];
    const gasLimit = (limit: string) => [{ type: 'gas-limit', data: { limit } }];
    const budgetOf = (policies?: unknown) => {
      const parsed = parseApprovalRequest('wallet_grantPermissions', grant(policies), account, 1);
      return 'request' in parsed && parsed.request.method === 'wallet_grantPermissions' ? parsed.request.grant.gasBudget : parsed;
    };
    expect(budgetOf(gasLimit('0x0'))).toBe(0n);
    expect(budgetOf(gasLimit('0xde0b6b3a7640000'))).toBe(10n ** 18n);
    // Never unbounded: absent, or more than 1 ETH.
    expect(budgetOf()).toEqual({ error: PermissionsText.gasBudget });
    expect(budgetOf([])).toEqual({ error: PermissionsText.gasBudget });
    expect(budgetOf(gasLimit('0xde0b6b3a7640001'))).toEqual({ error: PermissionsText.gasBudget });
    expect(budgetOf(gasLimit(`0x${'f'.repeat(32)}`))).toEqual({ error: PermissionsText.gasBudget });
    // Not a quantity, two budgets, or a policy this account does not enforce: the request's shape is wrong.
    for (const policies of [gasLimit('10'), gasLimit('-0x1'), gasLimit(`0x${'f'.repeat(33)}`), [...gasLimit('0x1'), ...gasLimit('0x2')], [{ type: 'rate-limit', data: { count: 1, interval: 60 } }], [{ type: 'gas-limit' }]]) {
      expect(budgetOf(policies)).toEqual({ error: PermissionsText.malformed });
    }
  });

  it('decodes a user operation to the calls the smart account runs, and refuses calldata it cannot show', () => {
    const to = `0x${'cd'.repeat(20)}` as const;
    const callData = encodeFunctionData({ abi: cairnAccountAbi, functionName: 'execute', args: [to, 5n, '0x'] });
    const entryPoint = `0x${'ef'.repeat(20)}`;
    expect(parseApprovalRequest('eth_sendUserOperation', [{ sender: account, callData }, entryPoint], account, 1)).toEqual({ request: { method: 'eth_sendUserOperation', entryPoint, calls: [{ to: getAddress(to), value: 5n }] } });
    expect(parseApprovalRequest('eth_sendUserOperation', [{ sender: account, callData: '0xdeadbeef' }, entryPoint], account, 1)).toEqual({ error: UserOperationText.notAccountCalls });
    expect(parseApprovalRequest('eth_sendUserOperation', [{ sender: to, callData }, entryPoint], account, 1)).toEqual({ error: ApprovalText.otherAccount });
  });
});
