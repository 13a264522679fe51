import { createPublicClient, http, parseAbi, parseEther, toHex, type Address, type Hex } from 'viem';
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { deployment } from '@cairn/devnet';
import { toSessionKeyAccount } from '@cairn/devnet/testing';
import type { Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { approveInWindow } from './support/approvalWindow.ts';
import { STATE_POLLING } from './support/browser.ts';
import { fundExtraAccount } from './support/extraAccounts.ts';
import { call, openSite, promptClosed, promptOpen, signUp, startFrameStack, type FrameStack } from './support/frameStack.ts';

// A smart account's session-key grant (wallet_grantPermissions) read as the site that asks for it
// (session 26), in Chromium with the approval window (FRAME_APPROVALS=popup, the default): a key for
// a function Cairn does not know is shown with the warning under its call, in the window where the
// user decides, and approving grants exactly that on chain; a key for what no total bounds
// (setApprovalForAll), or for a counted token function on an ERC-721, is refused with its text
// before any screen, and nothing is granted on chain. Until session 26 only unit tests covered them.
let stack: FrameStack;
let page: Page;
let frameElement: Frame;
let smartAddress: Address;
let chain: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  stack = await startFrameStack('session-grant-warnings', { smartAccounts: true, approvals: 'popup' });
  ({ page, frameElement } = await openSite(stack));
  chain = createPublicClient({ chain: foundry, transport: http(stack.chainUrl) });
  smartAddress = await signUp(stack, page, frameElement, `grant-${process.pid}@example.com`);
  await fundExtraAccount(smartAddress, parseEther('1'));
}, 180_000);

afterEach(async () => {
  for (const other of page.context().pages()) if (other !== page) await other.close();
});

afterAll(async () => {
  await stack?.close();
});

// CairnAccount's public mapping: what the account itself will let the key do.
const sessionsAbi = parseAbi(['function sessions(address key) view returns (address target, bytes4 selector, uint48 validUntil, uint64 valueLimit, uint64 gasBudget, uint128 allowance)']);
const sessionOf = async (key: Address) => {
  const [target, selector, validUntil, valueLimit, gasBudget, allowance] = await chain.readContract({ address: smartAddress, abi: sessionsAbi, functionName: 'sessions', args: [key] });
  return { target, selector, validUntil, valueLimit, gasBudget, allowance };
};
const NO_SESSION = { target: '0x0000000000000000000000000000000000000000', selector: '0x00000000', validUntil: 0, valueLimit: 0n, gasBudget: 0n, allowance: 0n };
const bundlerUrl = () => inject('bundlers').find((bundler) => bundler.chainId === 31337)!.url;
const UNKNOWN_FUNCTION = 'Cairn does not know this function: what each call gives away is up to the contract, and the total counts only the value the calls carry';

const grantOf = (key: Address, permission: unknown) => ({
  chainId: '0x7a69',
  address: smartAddress,
  expiry: Math.floor(Date.now() / 1000) + 3600,
  signer: { type: 'account', data: { address: key } },
  permissions: [permission],
});
const contractCall = (address: Address, functionSelector: Hex, allowance: bigint) => ({
  type: 'contract-call',
  data: { address, functionSelector },
  policies: [{ type: 'gas-limit', data: { limit: '0x0' } }, { type: 'token-allowance', data: { allowance: toHex(allowance) } }],
});

/** The visitor clicks the frame's 'Open the secure window'; the approval window, once it shows the request. */
async function openWindow(): Promise<Page> {
  await promptOpen(page, frameElement);
  const opened = page.context().waitForEvent('page');
  await frameElement.getByRole('button', { name: 'Open the secure window' }).click();
  const popup = await opened;
  await popup.waitForFunction(() => document.documentElement.dataset.windowState === 'shown', null, { timeout: 15_000, ...STATE_POLLING });
  return popup;
}

/** The window's detail rows, in order, as [label, value]. */
const rowsIn = (popup: Page) =>
  popup.locator('.approval .details dl').first().evaluate((list) => {
    const cells = [...list.children].map((cell) => cell.textContent ?? '');
    return cells.flatMap((cell, index) => (index % 2 === 0 ? [[cell, cells[index + 1] ?? '']] : []));
  });

/** Whether the frame opened any screen (inline or its window) since the page loaded: it marks the document while one is open. */
const noScreen = async () => (await frameElement.evaluate(() => document.documentElement.dataset.prompt)) !== 'open' && page.context().pages().length === 1;

describe("a session-key grant's warnings and refusals, in the approval window (session 26)", () => {
  it("shows the Beware row under an unknown function's call in the window, and approving grants exactly that key, target and function on chain", async () => {
    const sessionKey = privateKeyToAccount(generatePrivateKey());
    // A contract's own function: here an address with no code, so the key's call lands whatever its bytes.
    const target = privateKeyToAccount(generatePrivateKey()).address;
    const selector: Hex = '0x12345678';
    const granting = call(page, 'RPC_REQUEST', { method: 'wallet_grantPermissions', params: [grantOf(sessionKey.address, contractCall(target, selector, 0n))] });
    const popup = await openWindow();
    expect(new URL(popup.url()).origin).toBe(new URL(stack.frame.url).origin);
    const rows = await rowsIn(popup);
    const labels = rows.map(([label]) => label);
    const functionRow = labels.indexOf('Function');
    expect(rows[functionRow]).toEqual(['Function', `function ${selector}`]);
    // The warning sits right under the call it is about, before the amounts.
    expect(rows[functionRow + 1]).toEqual(['Beware', UNKNOWN_FUNCTION]);
    expect(rows[functionRow - 1]).toEqual(['May call', target]);
    expect(Object.fromEntries(rows)).toMatchObject({ 'Session key': sessionKey.address, 'May move': 'Nothing: its calls carry no value' });
    // The frame itself shows no Approve: the decision is the window's.
    expect(await frameElement.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await approveInWindow(popup);
    // The whole answer compared: an error the frame answered shows in the failure.
    expect(await granting).toMatchObject({ ok: { result: { context: sessionKey.address, address: smartAddress } } });
    await promptClosed(page);

    // Exactly what the window showed, in the account's own storage.
    const session = await sessionOf(sessionKey.address);
    expect(session).toMatchObject({ target, selector, valueLimit: 0n, gasBudget: 0n, allowance: 0n });
    expect(session.validUntil).toBeGreaterThan(Math.floor(Date.now() / 1000));

    // And the key can do that and nothing else: the function lands; another selector, or any value, is refused by the account (AA24).
    const client = createPublicClient({ chain: foundry, transport: http(stack.chainUrl) });
    const account = await toSessionKeyAccount({ client, address: smartAddress, sessionKey, entryPoint: deployment.contracts.entryPoint });
    const bundler = createBundlerClient({ client, account, transport: http(bundlerUrl()), paymaster: createPaymasterClient({ transport: http(bundlerUrl()) }) });
    const send = async (data: Hex, value = 0n) => {
      const hash = await bundler.sendUserOperation({ calls: [{ to: target, value, data }] });
      return (await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 30_000 })).success;
    };
    expect(await send(`${selector}${'00'.repeat(32)}`)).toBe(true);
    await expect(send('0x87654321')).rejects.toThrow(/AA24/);
    await expect(send(selector, 1n)).rejects.toThrow(/AA24/);
  }, 120_000);

  it('refuses a setApprovalForAll session with its text before any screen: no window, nothing granted on chain', async () => {
    const sessionKey = privateKeyToAccount(generatePrivateKey());
    const { testNft } = deployment.contracts;
    const answer = await call(page, 'RPC_REQUEST', { method: 'wallet_grantPermissions', params: [grantOf(sessionKey.address, contractCall(testNft as Address, '0xa22cb465', 1n))] });
    expect(answer.error).toBe(
      "wallet_grantPermissions: no session may call setApprovalForAll, permit, an ERC-721 or ERC-1155 transfer, authorizeOperator or Permit2's approve (nor ask for erc721-token-transfer or erc1155-token-transfer): each gives away more than a total can count; ask the user for each such call (wallet_sendCalls)",
    );
    expect(await noScreen()).toBe(true);
    expect(await sessionOf(sessionKey.address)).toEqual(NO_SESSION);
  }, 60_000);

  it("refuses a counted session (transferFrom) on the devnet's ERC-721 before any screen, by the frame's own ERC-165 read: no window, nothing granted", async () => {
    const sessionKey = privateKeyToAccount(generatePrivateKey());
    const { testNft } = deployment.contracts;
    const answer = await call(page, 'RPC_REQUEST', { method: 'wallet_grantPermissions', params: [grantOf(sessionKey.address, contractCall(testNft as Address, '0x23b872dd', 1n))] });
    expect(answer.error).toMatch(/^wallet_grantPermissions: this contract says it is an ERC-721/);
    expect(await noScreen()).toBe(true);
    expect(await sessionOf(sessionKey.address)).toEqual(NO_SESSION);
  }, 60_000);
});
