import { createPublicClient, formatEther, http, parseEther, toHex, type Address } from 'viem';
import { createBundlerClient } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { toSessionKeyAccount, useTestSmartAccountChain } from '@cairn/devnet/testing';
import { approvalRpc, type ApprovalPrompts } from '../page/approvalRpc.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { devnetNetwork, feeRiseOnFirstScreen, fundedSender, landedOperations, MOST, mostOf, resetBaseFee, rowsOf, sentOperation } from '../testing/smartAccountOperations.ts';
import type { SmartAccountSender } from './smartAccountSender.ts';

/** The site's own bundler client: alto's estimate took over viem's 10 s default at load ~25 (ci25). */
const BUNDLER_TIMEOUT_MS = 60_000;

// A session key's grant and revoke (wallet_grantPermissions, wallet_revokePermissions) are user
// operations of the account calling itself, paid by the account (no paymaster here): the screen shows
// their fee before the approval, and exactly that operation is signed. On the devnet with alto.
const chain = useTestSmartAccountChain({ chain: 29731, bundler: 29732 });
const signer = privateKeyToAccount(generatePrivateKey());
const CAP = parseEther('0.001');
const SITE = 'http://127.0.0.1:5173';

const GAS_BUDGET = parseEther('0.01');
const ALLOWANCE = parseEther('0.005');

/** The site's grant: plain transfers of at most CAP to `allowed`, ALLOWANCE in all, its own operations' gas at most GAS_BUDGET in all, for an hour. */
const grantParams = (account: Address, key: Address, allowed: Address) => [
  {
    chainId: '0x7a69',
    address: account,
    expiry: Math.floor(Date.now() / 1000) + 3600,
    signer: { type: 'account', data: { address: key } },
    permissions: [{ type: 'native-token-transfer', data: { to: allowed, valueLimit: toHex(CAP) }, policies: [{ type: 'gas-limit', data: { limit: toHex(GAS_BUDGET) } }, { type: 'token-allowance', data: { allowance: toHex(ALLOWANCE) } }] }],
  },
];

/** The account's approval RPC with the frame's screen answering by `ask`. */
const frameRpc = (sender: SmartAccountSender, ask: ApprovalPrompts['ask']) => approvalRpc({ signer: () => signer, active: async () => ({ type: 'smartAccount', address: sender.address, sender }), prompts: { ask } });
const approveAll = (shown: ApprovalSummary[]) => async (summary: ApprovalSummary) => (shown.push(summary), true);

/** The site's own session key sends `value` to `to` from the account, straight to the bundler (no frame); true when it landed. */
async function keySends(rpcUrl: string, bundlerUrl: string, entryPoint: Address, account: Address, key: PrivateKeyAccount, to: Address, value: bigint) {
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const keyAccount = await toSessionKeyAccount({ client, address: account, sessionKey: key, entryPoint });
  const bundler = createBundlerClient({ client, account: keyAccount, transport: http(bundlerUrl, { retryCount: 0, timeout: BUNDLER_TIMEOUT_MS }) });
  const hash = await bundler.sendUserOperation({ calls: [{ to, value }] });
  return (await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 250, timeout: 60_000 })).success;
}

async function setUp() {
  const { sender, rpcUrl, bundlerUrl } = await fundedSender(chain());
  await resetBaseFee(rpcUrl);
  const key = privateKeyToAccount(generatePrivateKey());
  const allowed = privateKeyToAccount(generatePrivateKey()).address;
  const entryPoint = sender.entryPoint;
  const balanceOf = (address: Address) => createPublicClient({ chain: foundry, transport: http(rpcUrl) }).getBalance({ address });
  return {
    sender, rpcUrl, bundlerUrl, key, allowed, balanceOf,
    grant: (ask: ApprovalPrompts['ask']) => frameRpc(sender, ask)({ method: 'wallet_grantPermissions', params: grantParams(sender.address, key.address, allowed), network: devnetNetwork(rpcUrl), origin: SITE }),
    revoke: (ask: ApprovalPrompts['ask']) => frameRpc(sender, ask)({ method: 'wallet_revokePermissions', params: [{ context: key.address }], network: devnetNetwork(rpcUrl), origin: SITE }),
    /** The fee of the account's latest user operation, as signed. */
    lastSigned: async () => sentOperation(bundlerUrl, (await landedOperations(rpcUrl, entryPoint, sender.address)).at(-1)!),
    operationsLanded: async () => (await landedOperations(rpcUrl, entryPoint, sender.address)).length,
    keySends: (value: bigint) => keySends(rpcUrl, bundlerUrl, entryPoint, sender.address, key, allowed, value),
  };
}

/** Deploys the account with an operation of its own (so that a key's refusal is the account's verdict on the key, not a missing account). */
async function deploy(sender: SmartAccountSender, bundlerUrl: string) {
  await sentOperation(bundlerUrl, await sender.sendPrepared(await sender.prepareCalls([{ to: sender.address, value: 0n }])));
}

describe("a session key's grant and revoke: their fee on the screen before the approval", () => {
  it("shows the grant's key, call, cap, gas budget and expiry beside its fee; the figure is the signed operation's prefund, and the key then acts", async () => {
    const s = await setUp();
    const shown: ApprovalSummary[] = [];
    const { result } = await s.grant(approveAll(shown));
    expect(result).toMatchObject({ context: s.key.address, address: s.sender.address });
    expect(shown).toHaveLength(1);
    const rows = rowsOf(shown[0]!);
    expect(shown[0]!.title).toBe('Grant a session key');
    expect(rows['Session key']).toBe(s.key.address);
    expect(rows['May send to']).toBe(s.allowed);
    expect(rows['At most per call']).toBe('0.001 ETH');
    expect(rows['May move']).toBe('Up to 0.005 ETH of your balance, in all');
    expect(rows['May spend on its own network fees']).toBe('Up to 0.01 ETH of your balance, in all');
    // The account's first operation: the grant rides its deployment, and the screen names the factory.
    expect(rows['Also deploys your smart account, by the factory']).toBe(chain().deployment.contracts.accountFactory);
    const signed = await s.lastSigned();
    expect(signed.maxCost).toBeGreaterThan(0n);
    expect(rows[MOST]).toBe(`${formatEther(signed.maxCost)} ETH`);
    expect(rows['Gas limit']).toBe(signed.gasLimit.toString());
    expect(await s.keySends(CAP)).toBe(true);
    expect(await s.balanceOf(s.allowed)).toBe(CAP);
    console.info(`grant shown and signed (it deploys the account too): ${signed.gasLimit} gas, ${formatEther(signed.maxCost)} ETH at most`);
  }, 180_000);

  it("shows the revoke's key beside its fee, the signed operation's prefund; the key cannot act afterwards", async () => {
    const s = await setUp();
    await s.grant(approveAll([]));
    const shown: ApprovalSummary[] = [];
    expect((await s.revoke(approveAll(shown))).result).toBeNull();
    expect(shown).toHaveLength(1);
    const rows = rowsOf(shown[0]!);
    expect(shown[0]!.title).toBe('Revoke a session key');
    expect(rows['Session key']).toBe(s.key.address);
    expect(rows).not.toHaveProperty(['Also deploys your smart account, by the factory']);
    const signed = await s.lastSigned();
    expect(rows[MOST]).toBe(`${formatEther(signed.maxCost)} ETH`);
    expect(rows['Gas limit']).toBe(signed.gasLimit.toString());
    // AA24: the EntryPoint's word for an account whose validation refused the signer.
    await expect(s.keySends(1n)).rejects.toThrow(/AA24/);
    expect(await s.balanceOf(s.allowed)).toBe(0n);
    console.info(`revoke shown and signed: ${signed.gasLimit} gas, ${formatEther(signed.maxCost)} ETH at most`);
  }, 180_000);

  it('asks again before signing a dearer grant when the bundler refuses the approved one, stale after a fee rise; the grant then lands', async () => {
    const s = await setUp();
    const { shown, ask } = feeRiseOnFirstScreen(s.sender, s.rpcUrl, s.bundlerUrl, true);
    await s.grant(ask);
    expect(shown).toHaveLength(2);
    expect(shown[1]!.warning).toBe('The most the network may charge rose after you approved: approve the new figure, or reject.');
    expect(mostOf(shown[1]!)).toBeGreaterThan(mostOf(shown[0]!));
    expect(rowsOf(shown[1]!)['Session key']).toBe(s.key.address);
    expect(rowsOf(shown[1]!)[MOST]).toBe(`${formatEther((await s.lastSigned()).maxCost)} ETH`);
    await resetBaseFee(s.rpcUrl);
    expect(await s.keySends(1n)).toBe(true);
  }, 240_000);

  it('sends nothing and grants nothing when the user rejects the grant: the key cannot act', async () => {
    const s = await setUp();
    await deploy(s.sender, s.bundlerUrl);
    const before = await s.operationsLanded();
    const shown: ApprovalSummary[] = [];
    await expect(s.grant(async (summary) => (shown.push(summary), false))).rejects.toThrow('User rejected the request.');
    expect(shown).toHaveLength(1);
    expect(rowsOf(shown[0]!)[MOST]).toMatch(/ ETH$/);
    expect(await s.operationsLanded()).toBe(before);
    await expect(s.keySends(1n)).rejects.toThrow(/AA24/);
    expect(await s.balanceOf(s.allowed)).toBe(0n);
  }, 180_000);

  it('grants nothing when the user rejects the dearer grant asked again: only the other operation landed, and the key cannot act', async () => {
    const s = await setUp();
    const { shown, ask } = feeRiseOnFirstScreen(s.sender, s.rpcUrl, s.bundlerUrl, false);
    await expect(s.grant(ask)).rejects.toThrow('User rejected the request.');
    expect(shown).toHaveLength(2);
    // The other tab's operation (it deployed the account), not the grant.
    expect(await s.operationsLanded()).toBe(1);
    await resetBaseFee(s.rpcUrl);
    await expect(s.keySends(1n)).rejects.toThrow(/AA24/);
  }, 240_000);
});
