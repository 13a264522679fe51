import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiweMessage } from '@cairn/core/siwx';
import { fundExtraAccount } from './support/extraAccounts.ts';
import { call, openSite, promptClosed, promptOpen, signUp, startFrameStack, type FrameStack, type Outcome } from './support/frameStack.ts';

// The secure frame's approval screen (issue 14), in Chromium: a site on one origin asks the frame
// on another to sign through RPC_REQUEST; the frame shows itself with its own screen (the site's
// origin, the network, the account, the decoded call), and only the visitor's own click on Approve,
// after the screen has been visible for a moment, signs in the frame; a transaction goes to the
// devnet through the frame's own RPC URL.
let stack: FrameStack;
let page: Page;
let frameElement: Frame;
let errors: string[];
let address: Address;
let siteOrigin: string;
const violations: string[] = [];

beforeAll(async () => {
  stack = await startFrameStack('frame-approval');
  ({ page, frameElement, errors } = await openSite(stack));
  siteOrigin = new URL(stack.site.url).origin;
  // From here on (the recovery screen, every approval screen), any CSP or Trusted Types refusal in the frame is kept.
  page.on('console', (message) => {
    if (/Content Security Policy|Trusted ?(Types|HTML|Script)/i.test(message.text())) violations.push(message.text());
  });
  await frameElement.evaluate(() => document.addEventListener('securitypolicyviolation', (event) => document.documentElement.setAttribute('data-csp-violation', event.violatedDirective)));
  address = await signUp(stack, page, frameElement, `approve-${process.pid}@example.com`);
  await fundExtraAccount(address, parseEther('1'));
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

const screen = () => frameElement.getByRole('dialog');
const approveButton = () => frameElement.getByRole('button', { name: 'Approve' });
/** Whether the site's request is still waiting (nothing answered it yet). */
const pending = async (request: Promise<Outcome>) => (await Promise.race([request.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('pending'), 200))])) === 'pending';

describe("the frame's approval screen", () => {
  it("answers the wallet's own account and chain, and refuses what is on no list", async () => {
    // The devnet node would answer its ten dev accounts: the frame answers its wallet's.
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_accounts' })).toEqual({ ok: { result: [address] } });
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_chainId' })).toEqual({ ok: { result: '0x7a69' } });
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_sign', params: [address, '0x00'] })).toEqual({ error: 'Requested RPC call is not allowed' });
    expect(await call(page, 'RPC_REQUEST', { method: 'wallet_sendCalls', params: [{ calls: [] }] })).toEqual({ error: 'Action not allowed' });
    expect(await call(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['hi', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })).toEqual({
      error: 'The request names another account than this wallet',
    });
    expect(await frameElement.evaluate(() => document.documentElement.dataset.prompt)).toBe('closed');
  });

  it('signs a message once the visitor clicks Approve in the frame; the screen shows the site and the message', async () => {
    const message = `Sign in to the site\nnonce ${process.pid}`;
    const request = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), address] });
    await promptOpen(page, frameElement);
    const shown = await screen().innerText();
    expect(shown).toContain('Sign a message');
    expect(shown).toContain(siteOrigin);
    expect(shown).toContain(address);
    expect(shown).toContain('Chain 31337');
    expect(shown).toContain(message);
    // The site's page cannot read the frame's screen.
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Sign a message');
    await approveButton().click();
    const { ok } = await request;
    const signature = (ok as { result: Hex }).result;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
    await promptClosed(page);
  });

  it('warns when the site asks for a sign-in message of another site; its own sign-in shows no warning', async () => {
    const signIn = (domain: string) =>
      buildSiweMessage({ domain, address, statement: 'Sign in.', uri: `http://${domain}/`, version: '1', chainId: 31337, nonce: `n${process.pid}nonce`, issuedAt: new Date().toISOString() });
    const elsewhere = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(signIn('bank.example')), address] });
    await promptOpen(page, frameElement);
    expect(await screen().getByRole('alert').innerText()).toBe('This site is asking you to sign in to another site: bank.example');
    await frameElement.getByRole('button', { name: 'Reject' }).click();
    expect(await elsewhere).toEqual({ error: 'User rejected the request.' });
    await promptClosed(page);

    const message = signIn(new URL(siteOrigin).host);
    const own = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), address] });
    await promptOpen(page, frameElement);
    expect(await screen().getByRole('alert').count()).toBe(0);
    await approveButton().click();
    expect(await verifyMessage({ address, message, signature: ((await own).ok as { result: Hex }).result })).toBe(true);
    await promptClosed(page);
  });

  it('does not approve on a click made by script; one request at a time; Reject gives EIP-1193 text', async () => {
    const request = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['not by script', address] });
    await promptOpen(page, frameElement);
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true);
    // Untrusted clicks, even from the frame's own origin, as an injected script would make them.
    await frameElement.evaluate(() => {
      const approve = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Approve')!;
      approve.click();
      approve.dispatchEvent(new PointerEvent('click', { bubbles: true, pointerType: 'mouse' }));
    });
    expect(await pending(request)).toBe(true);
    expect(await call(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['meanwhile', address] })).toEqual({ error: 'Another request is waiting for your approval' });
    await frameElement.getByRole('button', { name: 'Reject' }).click();
    expect(await request).toEqual({ error: 'User rejected the request.' });
    await promptClosed(page);
  });

  it('rejects with Escape', async () => {
    const request = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['escape', address] });
    await promptOpen(page, frameElement);
    await frameElement.getByRole('button', { name: 'Reject' }).focus();
    await page.keyboard.press('Escape');
    expect(await request).toEqual({ error: 'User rejected the request.' });
    await promptClosed(page);
  });

  it('disables Approve while the site covers or fades the frame, and restarts the wait once it is fully visible again', async () => {
    const request = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['covered', address] });
    await promptOpen(page, frameElement);
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true);
    // Clickjacking: a see-through layer that lets clicks through to the frame, then a faded frame.
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'cover';
      cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:rgba(255,255,255,0.02)';
      document.body.append(cover);
    });
    await expect.poll(() => approveButton().isDisabled(), { timeout: 5_000 }).toBe(true);
    await page.evaluate(() => document.getElementById('cover')!.remove());
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true);
    await page.evaluate(() => ((document.querySelector('iframe[title="Cairn secure frame"]') as HTMLIFrameElement).style.opacity = '0.3'));
    await expect.poll(() => approveButton().isDisabled(), { timeout: 5_000 }).toBe(true);
    await page.evaluate(() => ((document.querySelector('iframe[title="Cairn secure frame"]') as HTMLIFrameElement).style.opacity = ''));
    await approveButton().click();
    expect(await verifyMessage({ address, message: 'covered', signature: ((await request).ok as { result: Hex }).result })).toBe(true);
  });

  it('takes Enter on a focused Approve only after it held the focus for the wait', async () => {
    const request = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['by keyboard', address] });
    await promptOpen(page, frameElement);
    // The screen puts the focus on Reject, never on Approve.
    expect(await frameElement.evaluate(() => document.activeElement?.textContent)).toBe('Reject');
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true);
    await frameElement.evaluate(() => [...document.querySelectorAll('button')].find((button) => button.textContent === 'Approve')!.focus());
    await page.keyboard.press('Enter');
    expect(await pending(request)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the focus wait (APPROVE_VISIBLE_MS) is what is tested
    await page.keyboard.press('Enter');
    const signature = ((await request).ok as { result: Hex }).result;
    expect(await verifyMessage({ address, message: 'by keyboard', signature })).toBe(true);
  });

  it('signs typed data, the domain and the fields shown', async () => {
    const typedData = {
      types: { Order: [{ name: 'item', type: 'string' }, { name: 'amount', type: 'uint256' }] },
      primaryType: 'Order',
      domain: { name: 'Shop', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      message: { item: 'tea', amount: '3' },
    } as const;
    const request = call(page, 'RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] });
    await promptOpen(page, frameElement);
    const shown = await screen().innerText();
    for (const text of ['Sign typed data', 'Shop', '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC', 'Order', 'item', 'tea']) expect(shown).toContain(text);
    await approveButton().click();
    const signature = ((await request).ok as { result: Hex }).result;
    expect(await verifyTypedData({ address, ...typedData, message: { item: 'tea', amount: 3n }, signature })).toBe(true);
  });

  it('sends devnet ETH the visitor approved; the chain mines it and the balance moves', async () => {
    const reader = createPublicClient({ transport: http(stack.chainUrl) });
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const request = call(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: receiver, value: toHex(parseEther('0.01')) }] });
    await promptOpen(page, frameElement);
    const shown = await screen().innerText();
    for (const text of ['Send a transaction', siteOrigin, receiver, '0.01 ETH']) expect(shown).toContain(text);
    await approveButton().click();
    const hash = ((await request).ok as { result: Hex }).result;
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    expect(await reader.getBalance({ address: receiver })).toBe(parseEther('0.01'));
    await promptClosed(page);
    expect(errors).toEqual([]);
  });

  it("ran every screen above under the frame's Trusted Types policy with no CSP violation; an HTML string sink is refused", async () => {
    expect(violations).toEqual([]);
    expect(await frameElement.evaluate(() => document.documentElement.getAttribute('data-csp-violation'))).toBeNull();
    // The policy is enforced, not only sent: a string assigned to innerHTML throws and is reported.
    expect(await frameElement.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>';
        return 'assigned';
      } catch (error) {
        return (error as Error).name;
      }
    })).toBe('TypeError');
    await expect.poll(() => frameElement.evaluate(() => document.documentElement.getAttribute('data-csp-violation'))).toBe('require-trusted-types-for');
  });
});
