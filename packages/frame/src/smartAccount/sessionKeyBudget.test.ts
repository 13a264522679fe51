import { createPublicClient, encodeFunctionData, formatEther, http, parseAbi, parseEther, parseGwei, toHex, zeroAddress, zeroHash, type Hex } from 'viem';
import { entryPoint07Abi, getUserOperationHash, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { useTestSmartAccountChain } from '@cairn/devnet/testing';
import { approvalRpc } from '../page/approvalRpc.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { keySends, REFUSED, type KeySendOptions } from '../testing/sessionKeyOperations.ts';
import { devnetNetwork, fundedSender, resetBaseFee, rowsOf } from '../testing/smartAccountOperations.ts';
import { cairnAccountAbi } from './cairnAccount.ts';
import { operationFee } from './operationFee.ts';
import type { SmartAccountSender } from './smartAccountSender.ts';

// The attack the gas budget closes: a site holding a granted session key sends user operations
// straight to a bundler (no screen), unsponsored, so the account pays their gas; with a fee cap of
// its choosing (its own bundler takes the priority fee) it could spend the whole balance. CairnAccount
// charges each such operation its prefund against the grant's budget, in validation, and refuses the
// one that does not fit. On the devnet with alto; the account holds 1 ETH.
const chain = useTestSmartAccountChain({ chain: 29741, bundler: 29742 });
const SITE = 'http://127.0.0.1:5173';
const FEE_FIELD = 'May spend on its own network fees';
/** What a draining site asks per operation: a fee cap and tip 50 times the devnet's 1 gwei base fee, the tip its bundler's. */
const DRAINING_FEES = { maxFeePerGas: parseGwei('50'), maxPriorityFeePerGas: parseGwei('50') };

/** CairnAccount's validation as the EntryPoint calls it, and its own figure of an operation's prefund. */
const accountValidationAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function validateUserOp(PackedUserOperation userOp, bytes32 userOpHash, uint256 missingAccountFunds) returns (uint256 validationData)',
  'function maxCost(PackedUserOperation userOp) pure returns (uint256)',
]);

async function setUp(gasBudget: bigint) {
  const { sender, rpcUrl, bundlerUrl } = await fundedSender(chain());
  await resetBaseFee(rpcUrl);
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const owner = privateKeyToAccount(generatePrivateKey());
  const key = privateKeyToAccount(generatePrivateKey());
  const allowed = privateKeyToAccount(generatePrivateKey()).address;
  const entryPoint = sender.entryPoint;
  const shown: ApprovalSummary[] = [];
  const frameRpc = approvalRpc({ signer: () => owner, active: async () => ({ type: 'smartAccount', address: sender.address, sender }), prompts: { ask: async (summary) => (shown.push(summary), true) } });
  const grantParams = [
    {
      chainId: '0x7a69',
      address: sender.address,
      expiry: Math.floor(Date.now() / 1000) + 3600,
      signer: { type: 'account', data: { address: key.address } },
      permissions: [{ type: 'native-token-transfer', data: { to: allowed, valueLimit: toHex(parseEther('0.001')) }, policies: [{ type: 'gas-limit', data: { limit: toHex(gasBudget) } }, { type: 'token-allowance', data: { allowance: toHex(parseEther('0.001')) } }] }],
    },
  ];
  /** What the account holds: its balance and its deposit at the EntryPoint (where the EntryPoint refunds unused prefund). */
  const holdings = async () => {
    const [balance, deposit] = await Promise.all([
      client.getBalance({ address: sender.address }),
      client.readContract({ address: entryPoint, abi: entryPoint07Abi, functionName: 'balanceOf', args: [sender.address] }),
    ]);
    return { balance, deposit, total: balance + deposit };
  };
  return {
    sender, rpcUrl, bundlerUrl, client, key, allowed, entryPoint, shown, holdings,
    grant: () => frameRpc({ method: 'wallet_grantPermissions', params: grantParams, network: devnetNetwork(rpcUrl), origin: SITE }),
    revoke: () => frameRpc({ method: 'wallet_revokePermissions', params: [{ context: key.address }], network: devnetNetwork(rpcUrl), origin: SITE }),
    /** The session as the account holds it: what is left of its budget, and its expiry (0 once revoked). */
    session: async () => {
      const [, , validUntil, , budgetLeft] = await client.readContract({ address: sender.address, abi: cairnAccountAbi, functionName: 'sessions', args: [key.address] });
      return { validUntil, budgetLeft };
    },
    /** The key sends 1 wei to `allowed`; an operation that landed but reverted fails the test. */
    keySends: async (options: KeySendOptions = {}) => {
      const sent = await keySends({ rpcUrl, bundlerUrl, entryPoint, account: sender.address, key }, { to: allowed, value: 1n }, options);
      if ('landed' in sent && sent.reverted) throw new Error("The key's operation landed but reverted");
      return sent;
    },
  };
}

async function deployed(sender: SmartAccountSender) {
  expect(await sender.isDeployed()).toBe(true);
}

describe("a session key's own operations spend at most the grant's gas budget of the account's balance", () => {
  it('lets a draining site spend the budget and no more: the next unsponsored operation is refused, and the account lost at most the budget', async () => {
    const budget = parseEther('0.02');
    const s = await setUp(budget);
    await s.grant();
    await deployed(s.sender);
    // The screen said it, beside the key and its call.
    expect(rowsOf(s.shown[0]!)[FEE_FIELD]).toBe('Up to 0.02 ETH of your balance, in all');
    expect(await s.session()).toMatchObject({ budgetLeft: budget });

    const before = await s.holdings();
    const landed: bigint[] = [];
    let refusal: { maxCost: bigint; refused: string } | undefined;
    // Bounded: 0.02 ETH at 50 gwei is a few operations; 10 tries is far past it.
    for (let tries = 0; tries < 10 && !refusal; tries++) {
      const sent = await s.keySends({ fees: DRAINING_FEES });
      if ('landed' in sent) landed.push(sent.maxCost);
      else refusal = sent;
    }
    expect(refusal, 'the budget never ran out').toBeDefined();
    expect(refusal!.refused).toMatch(REFUSED);
    expect(landed.length).toBeGreaterThanOrEqual(1);
    const charged = landed.reduce((sum, cost) => sum + cost, 0n);
    // Each landed operation was charged exactly its prefund; the refused one did not fit what was left.
    const { budgetLeft } = await s.session();
    expect(budgetLeft).toBe(budget - charged);
    expect(refusal!.maxCost).toBeGreaterThan(budgetLeft);

    const after = await s.holdings();
    const lost = before.total - after.total;
    expect(lost).toBeGreaterThan(0n);
    expect(lost).toBeLessThanOrEqual(budget);
    // The balance alone too (the EntryPoint keeps unused prefund as the account's deposit).
    expect(before.balance - after.balance).toBeLessThanOrEqual(budget);
    console.info(`budget ${formatEther(budget)} ETH: ${landed.length} operations at 50 gwei landed (charged ${formatEther(charged)} ETH, the account lost ${formatEther(lost)} ETH with the 1 wei each sent), then refused: ${formatEther(refusal!.maxCost)} ETH > ${formatEther(budgetLeft)} ETH left`);
  }, 240_000);

  it('charges a sponsored operation nothing: a budget of 0 lets the key send sponsored operations only', async () => {
    const s = await setUp(0n);
    await s.grant();
    await deployed(s.sender);
    expect(rowsOf(s.shown[0]!)[FEE_FIELD]).toBe('None of your balance: only operations a paymaster sponsors');
    const before = await s.holdings();

    // A budget of 0: sponsored operations only.
    expect(await s.keySends({ sponsored: true })).toMatchObject({ landed: true });
    expect(await s.keySends({ sponsored: true })).toMatchObject({ landed: true });
    expect(await s.session()).toMatchObject({ budgetLeft: 0n });
    const unsponsored = await s.keySends();
    expect('refused' in unsponsored && unsponsored.refused).toMatch(REFUSED);
    // Address 0 as the paymaster: alto refuses it before the account is asked (AA30, its own check of the
    // paymaster's code); a bundler that did not, the account's validation would (the last test).
    const addressZero = await s.keySends({ paymasterOfAddressZero: true });
    expect('refused' in addressZero && addressZero.refused).toMatch(/AA30|AA24/);

    // The account lost the 2 wei its key sent, no gas.
    const after = await s.holdings();
    expect(before.total - after.total).toBe(2n);
  }, 240_000);

  it("ends the budget with the revoke: the key's next operation, sponsored or not, is refused", async () => {
    const budget = parseEther('0.01');
    const s = await setUp(budget);
    await s.grant();
    await deployed(s.sender);
    const first = await s.keySends();
    expect(first).toMatchObject({ landed: true });
    expect((await s.session()).budgetLeft).toBe(budget - first.maxCost);

    expect((await s.revoke()).result).toBeNull();
    expect(await s.session()).toEqual({ validUntil: 0, budgetLeft: 0n });
    const before = await s.holdings();
    for (const sponsored of [false, true]) {
      const sent = await s.keySends({ sponsored });
      expect('refused' in sent && sent.refused).toMatch(REFUSED);
    }
    expect((await s.holdings()).total).toBe(before.total);
  }, 240_000);

  it("charges, in the account's own validation, every gas limit × maxFeePerGas: the paymaster's limits too where paymasterAndData carries them", async () => {
    const budget = parseEther('0.01');
    const s = await setUp(budget);
    await s.grant();
    await deployed(s.sender);
    // The account's validation as the EntryPoint calls it (an eth_call from the EntryPoint: nothing is kept).
    const callData = encodeFunctionData({ abi: cairnAccountAbi, functionName: 'execute', args: [s.allowed, 1n, '0x'] });
    const base: UserOperation<'0.7'> = {
      sender: s.sender.address,
      nonce: 0n,
      callData,
      callGasLimit: 100_000n,
      verificationGasLimit: 200_000n,
      preVerificationGas: 50_000n,
      maxFeePerGas: parseGwei('10'),
      maxPriorityFeePerGas: parseGwei('1'),
      signature: '0x',
    };
    const validate = async (operation: UserOperation<'0.7'>) => {
      const hash = getUserOperationHash({ chainId: 31337, entryPointAddress: s.entryPoint, entryPointVersion: '0.7', userOperation: operation });
      const packed = toPackedUserOperation({ ...operation, signature: await s.key.signMessage({ message: { raw: hash } }) });
      const { result } = await s.client.simulateContract({ account: s.entryPoint, address: s.sender.address, abi: accountValidationAbi, functionName: 'validateUserOp', args: [packed, hash, 0n] });
      // SimpleAccount's encoding: 1 is a failed signature; else the validity window, validUntil in bits 160..207.
      return result === 1n ? 'refused' : 'valid';
    };
    const maxCost = (operation: UserOperation<'0.7'>) => operationFee(operation).maxCost;
    // 350,000 gas × 10 gwei = 0.0035 ETH: fits.
    expect(maxCost(base)).toBe(parseEther('0.0035'));
    expect(await validate(base)).toBe('valid');
    // At 30 gwei it is 0.0105 ETH: more than the 0.01 ETH budget.
    expect(await validate({ ...base, maxFeePerGas: parseGwei('30') })).toBe('refused');
    // Paymaster fields with address 0: the EntryPoint counts their limits and the account pays; 0.0095 ETH fits, 0.0105 does not.
    const zeroPaymaster = (postOp: bigint): UserOperation<'0.7'> => ({ ...base, paymaster: zeroAddress, paymasterVerificationGasLimit: 500_000n, paymasterPostOpGasLimit: postOp, paymasterData: '0x' });
    expect(maxCost(zeroPaymaster(100_000n))).toBe(parseEther('0.0095'));
    expect(await validate(zeroPaymaster(100_000n))).toBe('valid');
    expect(await validate(zeroPaymaster(200_000n))).toBe('refused');
    // A real paymaster named (the devnet's): not the account's to pay, so no charge, however dear.
    expect(await validate({ ...base, maxFeePerGas: parseGwei('100000'), paymaster: chain().deployment.contracts.verifyingPaymaster, paymasterVerificationGasLimit: 1n, paymasterPostOpGasLimit: 1n, paymasterData: '0x' })).toBe('valid');
    // The account's own view of the same figure.
    const packedCost = await s.client.readContract({ address: s.sender.address, abi: accountValidationAbi, functionName: 'maxCost', args: [toPackedUserOperation({ ...zeroPaymaster(100_000n), signature: '0x' })] });
    expect(packedCost).toBe(parseEther('0.0095'));

    // A bundler estimates the key's verification gas with a stub signature (it recovers to no session, so
    // no charge is read or written): the charge is extra gas its margin must cover (alto adds 30 % to the
    // whole validation it simulated, about 16,000 gas here; the landed operations above had enough).
    // Since session 24 the 1 wei the call moves is spent from the allowance too, in the same slot: 11,018
    // gas in all, where the budget alone was about 8,000.
    // Measured (eth_estimateGas of the call, its 21,000 and calldata included in both figures):
    const validationGas = async (signature: Hex) => {
      const hash = getUserOperationHash({ chainId: 31337, entryPointAddress: s.entryPoint, entryPointVersion: '0.7', userOperation: base });
      const data = encodeFunctionData({ abi: accountValidationAbi, functionName: 'validateUserOp', args: [toPackedUserOperation({ ...base, signature }), hash, 0n] });
      return s.client.estimateGas({ account: s.entryPoint, to: s.sender.address, data });
    };
    const baseHash = getUserOperationHash({ chainId: 31337, entryPointAddress: s.entryPoint, entryPointVersion: '0.7', userOperation: base });
    const charged = await validationGas(await s.key.signMessage({ message: { raw: baseHash } }));
    const stub = await validationGas(await s.key.sign({ hash: zeroHash }));
    expect(charged - stub).toBeLessThan(12_000n);
    console.info(`validateUserOp with the charge written: ${charged} gas; with the stub signature a bundler estimates with: ${stub} gas (the charge: +${charged - stub})`);
  }, 240_000);
});
