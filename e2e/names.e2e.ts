import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ErrorText } from '@cairn/core';
import { launchChromium } from './support/browser.ts';
import { connectWallet, dialog, openDemo, waitForSiteStatus } from './support/demo.ts';
import { shortenAddress } from '@cairn/core/internal';
import { fundExtraAccount } from './support/extraAccounts.ts';
import { noteToasts } from './support/toastsSeen.ts';
import { expectShownInEveryLook, reopenAccount } from './support/everyLook.ts';

// Names: the visitor picks a free name, the wallet signs the registration, the local server checks
// it; Account then shows the name, and Send takes it as a receiver.
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** A new account and label each try: names stay in the server's database, so a retry starts afresh. */
async function freshVisitor() {
  const privateKey = generatePrivateKey();
  const visitor = { privateKey, address: privateKeyToAccount(privateKey).address };
  await fundExtraAccount(visitor.address, parseEther('1'));
  return { visitor, label: `ridge-${Date.now().toString(36)}` };
}

describe('account names', () => {
  it('registers a free name signed by the wallet (no suggestions beside a free name), shows it on Account and in the header, offers names like a taken one, and sends to a name', async () => {
    const { visitor, label } = await freshVisitor();
    const { page } = await openDemo(browser, { wallets: [{ privateKey: visitor.privateKey }], context: { locale: 'en-US' } });
    await connectWallet(page);
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('account-choose-name').click();
    await dialog(page).getByRole('heading', { name: 'Choose a Name' }).waitFor();

    await dialog(page).getByLabel('Name').fill('ab');
    await dialog(page).getByTestId('name-error').filter({ hasText: 'Use at least 4 letters, digits or hyphens' }).waitFor();
    await dialog(page).getByLabel('Name').fill(label);
    await dialog(page).getByTestId('name-available').filter({ hasText: `${label}.cairn.id is available` }).waitFor();
    // A free name is offered alone: suggestions are for a taken one.
    expect(await dialog(page).getByRole('list', { name: 'Suggestions' }).count()).toBe(0);
    expect(await dialog(page).getByTestId('name-taken').count()).toBe(0);
    await dialog(page).getByTestId('name-register').click();
    await dialog(page).getByTestId('name-registered').filter({ hasText: `${label}.cairn.id` }).waitFor();
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await dialog(page).locator('.account-address').filter({ hasText: `${label}.cairn.id` }).waitFor();
    expect(await dialog(page).getByTestId('account-choose-name').count()).toBe(0);
    // The header (the site's account button) shows the name where it showed the address.
    const header = page.getByRole('button', { name: new RegExp(`^Account ${label}\\.cairn\\.id`) });
    await header.waitFor();
    expect(await header.textContent()).not.toContain(shortenAddress(visitor.address));

    // The name is now taken: another visitor is offered names like it, and takes one.
    const other = await openDemo(browser, { wallets: [{ privateKey: generatePrivateKey() }], context: { locale: 'en-US' } });
    await connectWallet(other.page);
    await other.page.getByRole('button', { name: /^Account / }).click();
    await dialog(other.page).getByTestId('account-choose-name').click();
    await dialog(other.page).getByLabel('Name').fill(label);
    await dialog(other.page).getByTestId('name-taken').filter({ hasText: `${label} is taken` }).waitFor();
    expect(await dialog(other.page).getByTestId('name-register').isDisabled()).toBe(true);
    await dialog(other.page).getByRole('list', { name: 'Suggestions' }).getByRole('button', { name: `${label}1.cairn.id` }).click();
    await dialog(other.page).getByTestId('name-registered').filter({ hasText: `${label}1.cairn.id` }).waitFor();

    // Send takes the name as the receiver and shows whom it resolves to.
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByLabel('Amount', { exact: true }).fill('0.01');
    await dialog(page).getByLabel('To', { exact: true }).fill(`${label}.cairn.id`);
    await dialog(page).getByTestId('send-receiver').filter({ hasText: `${label}.cairn.id (${shortenAddress(visitor.address)})` }).waitFor();
    await dialog(page).getByTestId('send-review').click();
    const toasts = await noteToasts(page);
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    // Noted as they show: the devnet confirms so fast that 'Transaction confirmed' can replace the
    // started toast before a locator looks (ci33, its first try, the send already confirmed).
    await expect.poll(toasts, { timeout: 30_000 }).toContain(ErrorText.transactionStarted);

    // After a reload, in either theme and at a phone's width, the header and Account show the name
    // (the server's reverse lookup, cached), whole; the server resolves it to the visitor.
    const resolved = await fetch(`${inject('serverUrl')}/v1/profile/account/${label}.cairn.id?projectId=cairn-local&st=cairn-e2e&sv=0.1.0&apiVersion=2`);
    expect(resolved.status, await resolved.clone().text()).toBe(200);
    expect(((await resolved.json()) as { addresses: Record<string, { address: string }> }).addresses['60']!.address).toBe(visitor.address);
    await expectShownInEveryLook(page, {
      reopen: async () => {
        await waitForSiteStatus(page, 'connected');
        await header.waitFor();
        await reopenAccount(page);
      },
      checks: async () => {
        await dialog(page).locator('.account-address').filter({ hasText: `${label}.cairn.id` }).waitFor();
        expect(await header.textContent()).not.toContain(shortenAddress(visitor.address));
        // At a phone's width too, the label stays on one line: the name wraps before `.cairn`, never at its hyphen.
        const labelPart = dialog(page).locator('.account-address .name-part').first();
        expect(await labelPart.textContent()).toBe(label);
        expect(await labelPart.evaluate((element) => element.getClientRects().length)).toBe(1);
      },
    });
  });
});
