import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits, toHex, type Address } from 'viem';
import { entryPoint07Abi } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { useTestSmartAccountChain } from '@cairn/devnet/testing';
import { approvalRpc } from '../page/approvalRpc.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { keySends, REFUSED } from '../testing/sessionKeyOperations.ts';
import { devnetNetwork, fundedSender, rowsOf } from '../testing/smartAccountOperations.ts';
import { cairnAccountAbi } from './cairnAccount.ts';
import { ERC20_APPROVE_SELECTOR, ERC20_TRANSFER_SELECTOR, PermissionsText } from './permissionsRequest.ts';

// Session 24's hole: a session key's value was bounded per call only, so a site could call its target
// again and again until the account was empty. CairnAccount now keeps each session's allowance (ERC-7715's
// token-allowance policy), spends it in validation and refuses the call that does not fit. On the devnet
// with alto: the key's operations are sponsored by the devnet's paymaster (a gas budget of 0), so what
// the account loses is what the key moved.
const chain = useTestSmartAccountChain({ chain: 29751, bundler: 29752 });
const SITE = 'http://127.0.0.1:5173';
const PER_CALL = parseEther('0.01');
const TUSD = (amount: string) => parseUnits(amount, 6);

type Permission = { type: string; data: Record<string, unknown>; policies?: unknown[] };
const gasLimit = { type: 'gas-limit', data: { limit: '0x0' } };
const allowance = (total: bigint) => ({ type: 'token-allowance', data: { allowance: toHex(total) } });
const plainTransfers = (to: Address, total: bigint, perCall = PER_CALL, gas = gasLimit): Permission => ({ type: 'native-token-transfer', data: { to, valueLimit: toHex(perCall) }, policies: [gas, allowance(total)] });

async function setUp() {
  const { sender, rpcUrl, bundlerUrl } = await fundedSender(chain());
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const owner = privateKeyToAccount(generatePrivateKey());
  const key = privateKeyToAccount(generatePrivateKey());
  const receiver = privateKeyToAccount(generatePrivateKey()).address;
  const { entryPoint } = sender;
  const shown: ApprovalSummary[] = [];
  const frameRpc = approvalRpc({ signer: () => owner, active: async () => ({ type: 'smartAccount', address: sender.address, sender }), prompts: { ask: async (summary) => (shown.push(summary), true) } });
  const site = { rpcUrl, bundlerUrl, entryPoint, account: sender.address, key };
  return {
    sender, client, key, receiver, shown,
    grant: (permission: Permission) =>
      frameRpc({ method: 'wallet_grantPermissions', params: [{ chainId: '0x7a69', address: sender.address, expiry: Math.floor(Date.now() / 1000) + 3600, signer: { type: 'account', data: { address: key.address } }, permissions: [permission] }], network: devnetNetwork(rpcUrl), origin: SITE }),
    revoke: () => frameRpc({ method: 'wallet_revokePermissions', params: [{ context: key.address }], network: devnetNetwork(rpcUrl), origin: SITE }),
    /** What the account holds: its balance and its deposit at the EntryPoint. */
    holdings: async () => {
      const [balance, deposit] = await Promise.all([client.getBalance({ address: sender.address }), client.readContract({ address: entryPoint, abi: entryPoint07Abi, functionName: 'balanceOf', args: [sender.address] })]);
      return balance + deposit;
    },
    /** What is left of the session's allowance as the account holds it, and its expiry (0 once revoked). */
    session: async () => {
      const [, , validUntil, , , allowanceLeft] = await client.readContract({ address: sender.address, abi: cairnAccountAbi, functionName: 'sessions', args: [key.address] });
      return { validUntil, allowanceLeft };
    },
    /** The key's sponsored user operation of one call. */
    keySends: (to: Address, value: bigint, data?: `0x${string}`) => keySends(site, { to, value, ...(data ? { data } : {}) }, { sponsored: true }),
    /** The key's unsponsored user operation of one plain transfer, with gas limits of its own (not estimated). */
    keySendsUnestimated: (to: Address, value: bigint) => keySends(site, { to, value }, { gas: { callGasLimit: 100_000n, verificationGasLimit: 300_000n, preVerificationGas: 100_000n } }),
  };
}

const refusedBy = (sent: Awaited<ReturnType<typeof keySends>>) => ('refused' in sent ? sent.refused : 'landed');

describe('a session key moves at most the total the user approved (session 24)', () => {
  it('lets a draining key land calls until the next would pass the total, refuses it, and the account is down by the total', async () => {
    const s = await setUp();
    const total = parseEther('0.025');
    await s.grant(plainTransfers(s.receiver, total));
    expect(rowsOf(s.shown[0]!)['May move']).toBe('Up to 0.025 ETH of your balance, in all');
    expect(await s.session()).toMatchObject({ allowanceLeft: total });
    const before = await s.holdings();

    // The draining site: the per-call cap each time, until refused (bounded: 10 tries is far past 0.025 ETH).
    let landed = 0;
    let refusal = '';
    for (let tries = 0; tries < 10 && !refusal; tries++) {
      const sent = await s.keySends(s.receiver, PER_CALL);
      if ('landed' in sent) landed++;
      else refusal = sent.refused;
    }
    expect(landed).toBe(2);
    expect(refusal).toMatch(REFUSED);
    expect(await s.session()).toMatchObject({ allowanceLeft: parseEther('0.005') });
    // What is left still moves; then not one wei more.
    expect(await s.keySends(s.receiver, parseEther('0.005'))).toMatchObject({ landed: true, reverted: false });
    expect(refusedBy(await s.keySends(s.receiver, 1n))).toMatch(REFUSED);

    expect(await s.client.getBalance({ address: s.receiver })).toBe(total);
    // Sponsored: the account paid no gas, so it lost exactly the total.
    expect(before - (await s.holdings())).toBe(total);
  }, 240_000);

  it('ends the allowance with the revoke; a new grant replaces what was left, it does not add to it', async () => {
    const s = await setUp();
    await s.grant(plainTransfers(s.receiver, parseEther('0.02')));
    expect(await s.keySends(s.receiver, PER_CALL)).toMatchObject({ landed: true });
    expect((await s.revoke()).result).toBeNull();
    expect(await s.session()).toEqual({ validUntil: 0, allowanceLeft: 0n });
    expect(refusedBy(await s.keySends(s.receiver, 1n))).toMatch(REFUSED);

    // Regranted with a smaller total: that total, not it plus the 0.01 ETH left before the revoke.
    await s.grant(plainTransfers(s.receiver, parseEther('0.015')));
    expect(await s.session()).toMatchObject({ allowanceLeft: parseEther('0.015') });
    expect(await s.keySends(s.receiver, PER_CALL)).toMatchObject({ landed: true });
    expect(refusedBy(await s.keySends(s.receiver, PER_CALL))).toMatch(REFUSED);
    // And regranted over a session still live: the new total replaces the 0.005 ETH left.
    await s.grant(plainTransfers(s.receiver, parseEther('0.001'), parseEther('0.001')));
    expect(await s.session()).toMatchObject({ allowanceLeft: parseEther('0.001') });
    expect(await s.keySends(s.receiver, parseEther('0.001'))).toMatchObject({ landed: true });
    expect(refusedBy(await s.keySends(s.receiver, 1n))).toMatch(REFUSED);
    expect(await s.client.getBalance({ address: s.receiver })).toBe(parseEther('0.021'));
  }, 240_000);

  it('spends the allowance in validation: a call that reverts afterwards has spent its share, and moved nothing', async () => {
    const s = await setUp();
    // A contract that takes no plain value (the devnet's TUSD token): each transfer to it reverts in execution.
    // Unsponsored, with the key's own gas limits: a bundler's estimate (or its paymaster's) would refuse a call that reverts.
    const token = chain().deployment.contracts.testUsd;
    await s.grant(plainTransfers(token, parseEther('0.015'), PER_CALL, { type: 'gas-limit', data: { limit: toHex(parseEther('0.01')) } }));
    const before = await s.holdings();
    const sent = await s.keySendsUnestimated(token, PER_CALL);
    expect(sent).toMatchObject({ landed: true, reverted: true });
    expect(await s.session()).toMatchObject({ allowanceLeft: parseEther('0.005') });
    expect(refusedBy(await s.keySendsUnestimated(token, PER_CALL))).toMatch(REFUSED);
    // Nothing moved: the token holds no ETH, and the account lost only the gas of the one that landed.
    expect(await s.client.getBalance({ address: token })).toBe(0n);
    const lost = before - (await s.holdings());
    expect(lost).toBeGreaterThan(0n);
    expect(lost).toBeLessThanOrEqual(sent.maxCost);
  }, 240_000);

  it("bounds an ERC-20 transfer or approve session by the calls' amounts in the token, shown in the token's own units", async () => {
    const s = await setUp();
    const token = chain().deployment.contracts.testUsd;
    const funder = createWalletClient({ chain: foundry, transport: http(chain().chains[0]!.rpcUrl), account: privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey) });
    await s.client.waitForTransactionReceipt({ hash: await funder.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [s.sender.address, TUSD('1000')] }) });
    const tokenCall = (selector: string, total: bigint): Permission => ({ type: 'contract-call', data: { address: token, functionSelector: selector }, policies: [gasLimit, allowance(total)] });
    const transfer = (amount: bigint) => s.keySends(token, 0n, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [s.receiver, amount] }));
    const approve = (amount: bigint) => s.keySends(token, 0n, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [s.receiver, amount] }));

    await s.grant(tokenCall(ERC20_TRANSFER_SELECTOR, TUSD('100')));
    expect(rowsOf(s.shown[0]!)['May move']).toBe(`Up to 100 TUSD (token ${token}), in all`);
    expect(await transfer(TUSD('60'))).toMatchObject({ landed: true, reverted: false });
    expect(refusedBy(await transfer(TUSD('60')))).toMatch(REFUSED);
    expect(await transfer(TUSD('40'))).toMatchObject({ landed: true, reverted: false });
    expect(refusedBy(await transfer(1n))).toMatch(REFUSED);
    expect(await s.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [s.receiver] })).toBe(TUSD('100'));

    // approve counts what it lets spend, each time (a spender may take each allowance before the next).
    await s.grant(tokenCall(ERC20_APPROVE_SELECTOR, TUSD('50')));
    expect(await approve(TUSD('30'))).toMatchObject({ landed: true });
    expect(refusedBy(await approve(TUSD('30')))).toMatch(REFUSED);
    expect(await s.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [s.sender.address, s.receiver] })).toBe(TUSD('30'));

    // The contract refuses a token session that carries value itself (the frame never asks for one): its total counts tokens only.
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    const grantSession = (valueLimit: bigint) =>
      s.client.simulateContract({ account: s.sender.address, address: s.sender.address, abi: cairnAccountAbi, functionName: 'grantSession', args: [s.key.address, token, ERC20_TRANSFER_SELECTOR, valueLimit, expiry, 0n, 1n] });
    await expect(grantSession(1n)).rejects.toThrow(/session: token call with value/);
    await expect(grantSession(0n)).resolves.toBeDefined();
  }, 240_000);

  it('refuses a grant whose total is absent, malformed or over the largest before any screen, with its text', async () => {
    const s = await setUp();
    const refused = async (permission: Permission) => {
      const error = await s.grant(permission).then(() => 'granted', (reason: unknown) => (reason instanceof Error ? reason.message : String(reason)));
      return error;
    };
    const transfers = (policies: unknown[]): Permission => ({ type: 'native-token-transfer', data: { to: s.receiver, valueLimit: toHex(PER_CALL) }, policies });
    expect(await refused(transfers([gasLimit]))).toBe(PermissionsText.allowance);
    expect(await refused(transfers([gasLimit, allowance(parseEther('10') + 1n)]))).toBe(PermissionsText.allowance);
    expect(await refused(transfers([gasLimit, allowance(PER_CALL - 1n)]))).toBe(PermissionsText.valueLimitOverAllowance);
    expect(await refused(transfers([gasLimit, { type: 'token-allowance', data: { allowance: '1000' } }]))).toBe(PermissionsText.malformed);
    expect(await refused({ type: 'contract-call', data: { address: s.receiver, functionSelector: ERC20_TRANSFER_SELECTOR, valueLimit: '0x1' }, policies: [gasLimit, allowance(1n)] })).toBe(PermissionsText.tokenCallWithValue);
    expect(s.shown).toEqual([]);
    expect(await s.sender.isDeployed()).toBe(false);
  }, 240_000);
});
