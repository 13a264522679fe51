import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseAbi, parseGwei, parseUnits, toHex, zeroHash, type Address, type Hex } from 'viem';
import { getUserOperationHash, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { useTestSmartAccountChain } from '@cairn/devnet/testing';
import { approvalRpc } from '../page/approvalRpc.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { erc1155ByErc165, erc721WithoutErc165, setCode } from '../testing/collectionContracts.ts';
import { keySends, REFUSED } from '../testing/sessionKeyOperations.ts';
import { devnetNetwork, fundedSender, rowsOf } from '../testing/smartAccountOperations.ts';
import { cairnAccountAbi } from './cairnAccount.ts';
import { ERC20_APPROVE_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_TRANSFER_SELECTOR, PermissionsText, UNBOUNDED_SELECTORS } from './permissionsRequest.ts';

// Session 25's hole: a session on a token function other than transfer or approve was bounded only by
// what that function does, so a site granted transferFrom or setApprovalForAll could drain the account's
// tokens with no screen after the grant. CairnAccount now counts transferFrom's and increaseAllowance's
// amount against the session's total and refuses, at the grant, what no total bounds. On the devnet with
// alto: the key's operations are sponsored by the devnet's paymaster, the devnet's TUSD is the token.
const chain = useTestSmartAccountChain({ chain: 29761, bundler: 29762 });
const SITE = 'http://127.0.0.1:5173';
const TUSD = (amount: string) => parseUnits(amount, 6);
const tokenAbi = parseAbi(['function increaseAllowance(address spender, uint256 added) returns (bool)']);
const accountValidationAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function validateUserOp(PackedUserOperation userOp, bytes32 userOpHash, uint256 missingAccountFunds) returns (uint256 validationData)',
]);

type Permission = { type: string; data: Record<string, unknown>; policies?: unknown[] };
const sessionOn = (address: Address, functionSelector: string, total: bigint): Permission => ({
  type: 'contract-call',
  data: { address, functionSelector },
  policies: [{ type: 'gas-limit', data: { limit: '0x0' } }, { type: 'token-allowance', data: { allowance: toHex(total) } }],
});

async function setUp() {
  const { sender, rpcUrl, bundlerUrl } = await fundedSender(chain());
  const { testUsd: token, testNft: nft } = chain().deployment.contracts;
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const holder = createWalletClient({ chain: foundry, transport: http(rpcUrl), account: privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey) });
  const owner = privateKeyToAccount(generatePrivateKey());
  const key = privateKeyToAccount(generatePrivateKey());
  const receiver = privateKeyToAccount(generatePrivateKey()).address;
  const shown: ApprovalSummary[] = [];
  const frameRpc = approvalRpc({ signer: () => owner, active: async () => ({ type: 'smartAccount', address: sender.address, sender }), prompts: { ask: async (summary) => (shown.push(summary), true) } });
  const site = { rpcUrl, bundlerUrl, entryPoint: sender.entryPoint, account: sender.address, key };
  const mined = async (hash: Hex) => client.waitForTransactionReceipt({ hash });
  const grant = (permission: Permission) =>
    frameRpc({ method: 'wallet_grantPermissions', params: [{ chainId: '0x7a69', address: sender.address, expiry: Math.floor(Date.now() / 1000) + 3600, signer: { type: 'account', data: { address: key.address } }, permissions: [permission] }], network: devnetNetwork(rpcUrl), origin: SITE });
  return {
    sender, client, holder, key, receiver, token, nft, shown, mined, rpcUrl,
    grant,
    /** The site's answer to a grant: 'granted', or the error's text. */
    refusal: (permission: Permission) => grant(permission).then(() => 'granted', (reason: unknown) => (reason instanceof Error ? reason.message : String(reason))),
    /** The key's sponsored user operation of one call of the token. */
    keyCalls: (data: Hex) => keySends(site, { to: token, value: 0n, data }, { sponsored: true }),
    allowanceLeft: async () => (await client.readContract({ address: sender.address, abi: cairnAccountAbi, functionName: 'sessions', args: [key.address] }))[5],
    tusdOf: (address: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
  };
}

const refusedBy = (sent: Awaited<ReturnType<typeof keySends>>) => ('refused' in sent ? sent.refused : 'landed');

describe("a session key's other token functions: counted to its total, or refused at the grant (session 25)", () => {
  it("lets a transferFrom key pull until the session's total, then refuses it, whoever the tokens come from", async () => {
    const s = await setUp();
    // A holder lets the account spend 1000 of its TUSD: the key may pull at most the session's 100 of them.
    await s.mined(await s.holder.writeContract({ address: s.token, abi: erc20Abi, functionName: 'approve', args: [s.sender.address, TUSD('1000')] }));
    const pull = (amount: bigint) => s.keyCalls(encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [s.holder.account.address, s.receiver, amount] }));

    await s.grant(sessionOn(s.token, ERC20_TRANSFER_FROM_SELECTOR, TUSD('100')));
    expect(rowsOf(s.shown[0]!)['May move']).toBe(`Up to 100 TUSD (token ${s.token}), in all`);
    expect(rowsOf(s.shown[0]!)['Beware']).toBeUndefined();
    let landed = 0;
    let refusal = '';
    for (let tries = 0; tries < 10 && !refusal; tries++) {
      const sent = await pull(TUSD('30'));
      if ('landed' in sent) landed++;
      else refusal = sent.refused;
    }
    expect(landed).toBe(3);
    expect(refusal).toMatch(REFUSED);
    expect(await s.allowanceLeft()).toBe(TUSD('10'));
    expect(await pull(TUSD('10'))).toMatchObject({ landed: true, reverted: false });
    expect(refusedBy(await pull(1n))).toMatch(REFUSED);
    expect(await s.tusdOf(s.receiver)).toBe(TUSD('100'));
    expect(await s.client.readContract({ address: s.token, abi: erc20Abi, functionName: 'allowance', args: [s.holder.account.address, s.sender.address] })).toBe(TUSD('900'));
  }, 240_000);

  it('lets an increaseAllowance key add up to the total in all, then refuses it', async () => {
    const s = await setUp();
    const allowed = () => s.client.readContract({ address: s.token, abi: erc20Abi, functionName: 'allowance', args: [s.sender.address, s.receiver] });
    const increase = (added: bigint) => s.keyCalls(encodeFunctionData({ abi: tokenAbi, functionName: 'increaseAllowance', args: [s.receiver, added] }));

    await s.grant(sessionOn(s.token, ERC20_INCREASE_ALLOWANCE_SELECTOR, TUSD('50')));
    expect(rowsOf(s.shown[0]!)['May move']).toBe(`Up to 50 TUSD (token ${s.token}), in all`);
    expect(await increase(TUSD('20'))).toMatchObject({ landed: true, reverted: false });
    expect(await increase(TUSD('20'))).toMatchObject({ landed: true, reverted: false });
    expect(refusedBy(await increase(TUSD('20')))).toMatch(REFUSED);
    expect(await increase(TUSD('10'))).toMatchObject({ landed: true, reverted: false });
    expect(refusedBy(await increase(1n))).toMatch(REFUSED);
    // What the receiver may take from the account: the total, no more.
    expect(await allowed()).toBe(TUSD('50'));
  }, 240_000);

  it('refuses, before any screen and with its text, a grant of a function no total bounds or of an earlier draft\'s NFT types', async () => {
    const s = await setUp();
    for (const selector of Object.keys(UNBOUNDED_SELECTORS)) {
      expect(await s.refusal(sessionOn(s.nft, selector, 1n))).toBe(PermissionsText.unbounded);
    }
    expect(await s.refusal({ type: 'erc721-token-transfer', data: { address: s.nft, tokenIds: ['0x1'] } })).toBe(PermissionsText.unbounded);
    expect(await s.refusal({ type: 'erc1155-token-transfer', data: { address: s.nft } })).toBe(PermissionsText.unbounded);
    expect(s.shown).toEqual([]);
    expect(await s.sender.isDeployed()).toBe(false);
  }, 240_000);

  it("refuses a counted session on an ERC-721, whose transferFrom and approve take a token id: the frame's ERC-165 read (session 26; the account's own check behind it), before any screen", async () => {
    const s = await setUp();
    for (const selector of [ERC20_TRANSFER_FROM_SELECTOR, ERC20_APPROVE_SELECTOR]) {
      expect(await s.refusal(sessionOn(s.nft, selector, 1_000n))).toBe(PermissionsText.erc721Token);
    }
    expect(s.shown).toEqual([]);
    expect(await s.sender.isDeployed()).toBe(false);
    // A function Cairn does not know is granted, on the ERC-721 too: bounded only by what it does, which the screen says under it.
    expect(await s.refusal(sessionOn(s.nft, '0x12345678', 0n))).toBe('granted');
    expect(rowsOf(s.shown[0]!)['Beware']).toBe('Cairn does not know this function: what each call gives away is up to the contract, and the total counts only the value the calls carry');
  }, 240_000);

  it("refuses, by the frame's own read before the estimate (session 26), a counted session on an ERC-1155 and on an ERC-721 that answers no ERC-165, which the contract would grant", async () => {
    const s = await setUp();
    const erc1155: Address = '0x0000000000000000000000000000000000261155';
    const shapedErc721: Address = '0x0000000000000000000000000000000000260721';
    await setCode(s.rpcUrl, erc1155, erc1155ByErc165);
    await setCode(s.rpcUrl, shapedErc721, erc721WithoutErc165(s.receiver, 1n));
    for (const target of [erc1155, shapedErc721]) {
      for (const selector of [ERC20_TRANSFER_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_APPROVE_SELECTOR]) {
        expect(await s.refusal(sessionOn(target, selector, 1_000n)), `${target} ${selector}`).toBe(PermissionsText.erc721Token);
      }
    }
    expect(s.shown).toEqual([]);
    expect(await s.sender.isDeployed()).toBe(false);
    // What the frame's read stands before: the account's own check reads ERC-721's ERC-165 answer only, and grants these.
    await s.grant(sessionOn(s.token, ERC20_TRANSFER_SELECTOR, 1n));
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    for (const target of [erc1155, shapedErc721]) {
      await expect(s.client.simulateContract({ account: s.sender.address, address: s.sender.address, abi: cairnAccountAbi, functionName: 'grantSession', args: [s.key.address, target, ERC20_TRANSFER_FROM_SELECTOR, 0n, expiry, 0n, 1n] })).resolves.toBeDefined();
    }
  }, 240_000);

  it('refuses in the contract itself, for a grant that bypassed the frame, what no total bounds and a counted session on an ERC-721', async () => {
    const s = await setUp();
    // A first grant deploys the account, so its own grantSession can be called.
    await s.grant(sessionOn(s.token, ERC20_TRANSFER_FROM_SELECTOR, 1n));
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    const grantSession = (target: Address, selector: Hex) =>
      s.client.simulateContract({ account: s.sender.address, address: s.sender.address, abi: cairnAccountAbi, functionName: 'grantSession', args: [s.key.address, target, selector, 0n, expiry, 0n, 1n] });
    for (const selector of Object.keys(UNBOUNDED_SELECTORS) as Hex[]) {
      await expect(grantSession(s.nft, selector)).rejects.toThrow(/session: function no total bounds/);
      await expect(grantSession(s.token, selector)).rejects.toThrow(/session: function no total bounds/);
    }
    await expect(grantSession(s.nft, ERC20_TRANSFER_FROM_SELECTOR)).rejects.toThrow(/session: ERC-721 token/);
    await expect(grantSession(s.nft, ERC20_APPROVE_SELECTOR)).rejects.toThrow(/session: ERC-721 token/);
    // Nor with a gas limit that would starve the ERC-165 probe into reading "not one": refused at every limit (30,000 to 130,000 gas).
    const grantWithGas = (gas: bigint) =>
      s.client.call({ account: s.sender.address, to: s.sender.address, gas, data: encodeFunctionData({ abi: cairnAccountAbi, functionName: 'grantSession', args: [s.key.address, s.nft, ERC20_TRANSFER_FROM_SELECTOR, 0n, expiry, 0n, 1n] }) }).then(() => 'granted', () => 'refused');
    const outcomes = new Set<string>();
    for (let gas = 30_000n; gas <= 130_000n; gas += 2_500n) outcomes.add(await grantWithGas(gas));
    expect([...outcomes]).toEqual(['refused']);
    // The same counted function on an ERC-20, and an uncounted one on the ERC-721 (bounded only by what it does, the screen warns), are granted.
    await expect(grantSession(s.token, ERC20_TRANSFER_FROM_SELECTOR)).resolves.toBeDefined();
    await expect(grantSession(s.nft, '0x12345678')).resolves.toBeDefined();
  }, 240_000);

  it("costs the key's validation little more than a transfer session's, within the bundler's margin (measured)", async () => {
    const s = await setUp();
    const { entryPoint } = s.sender;
    // The account's validation as the EntryPoint calls it, estimated (eth_estimateGas: its 21,000 and calldata included in every figure).
    const validationGas = async (func: Hex, stubSignature = false) => {
      const operation: UserOperation<'0.7'> = {
        sender: s.sender.address, nonce: 0n, callData: encodeFunctionData({ abi: cairnAccountAbi, functionName: 'execute', args: [s.token, 0n, func] }),
        callGasLimit: 100_000n, verificationGasLimit: 200_000n, preVerificationGas: 50_000n, maxFeePerGas: parseGwei('10'), maxPriorityFeePerGas: parseGwei('1'), signature: '0x',
      };
      const hash = getUserOperationHash({ chainId: 31337, entryPointAddress: entryPoint, entryPointVersion: '0.7', userOperation: operation });
      const signature = stubSignature ? await s.key.sign({ hash: zeroHash }) : await s.key.signMessage({ message: { raw: hash } });
      const data = encodeFunctionData({ abi: accountValidationAbi, functionName: 'validateUserOp', args: [toPackedUserOperation({ ...operation, signature }), hash, 0n] });
      return s.client.estimateGas({ account: entryPoint, to: s.sender.address, data });
    };
    const calls: [Hex, Hex][] = [
      [ERC20_TRANSFER_SELECTOR, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [s.receiver, 1n] })],
      [ERC20_TRANSFER_FROM_SELECTOR, encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [s.holder.account.address, s.receiver, 1n] })],
      [ERC20_INCREASE_ALLOWANCE_SELECTOR, encodeFunctionData({ abi: tokenAbi, functionName: 'increaseAllowance', args: [s.receiver, 1n] })],
    ];
    const figures: Record<string, { charged: bigint; stub: bigint }> = {};
    for (const [selector, func] of calls) {
      await s.grant(sessionOn(s.token, selector, TUSD('1')));
      figures[selector] = { charged: await validationGas(func), stub: await validationGas(func, true) };
    }
    const transfer = figures[ERC20_TRANSFER_SELECTOR]!;
    for (const { charged, stub } of Object.values(figures)) {
      // What a bundler's stub-signature estimate misses: the allowance's write, as for session 24's transfer (alto's 30 % margin is about 16,000 gas here).
      expect(charged - stub).toBeLessThan(12_000n);
      // The selector's checks: a few comparisons more than transfer's, and transferFrom's longer calldata.
      expect(charged - transfer.charged).toBeLessThan(600n);
    }
    console.info(`validateUserOp of a token session, charged / stub gas: ${Object.entries(figures).map(([selector, { charged, stub }]) => `${selector} ${charged} / ${stub} (+${charged - stub})`).join('; ')}`);
  }, 240_000);
});
