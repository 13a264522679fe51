import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium } from './support/browser.ts';
import { connectWallet, dialog, openDemo } from './support/demo.ts';
import { expectShownInEveryLook, reopenAccount } from './support/everyLook.ts';
import { scanQr } from './support/scanQr.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('Receive', () => {
  it("shows the address as a QR code a camera reads, in full with copy, and the site's networks", async () => {
    const demo = await openDemo(browser, { context: { permissions: ['clipboard-read', 'clipboard-write'] } });
    const { page } = demo;
    const address = TEST_ACCOUNTS[0]!.address;
    await connectWallet(page);
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('wallet-feature-receive').click();
    await dialog(page).getByRole('heading', { name: 'Receive' }).waitFor();

    const code = dialog(page).getByTestId('receive-qr');
    await code.waitFor();
    expect(await scanQr(page, code)).toBe(address);
    expect(await code.getAttribute('aria-label')).toBe(`QR code of the address ${address}`);
    expect(await dialog(page).getByTestId('receive-address').textContent()).toBe(address);

    await dialog(page).getByRole('button', { name: 'Copy address' }).click();
    await dialog(page).getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    const networks = dialog(page).getByRole('list', { name: 'Networks this address receives on' }).locator('.receive-network-name');
    expect(await networks.allTextContents()).toEqual(['Cairn Devnet', 'Cairn Devnet Two']);

    // After a reload, in either theme and at a phone's width: the code still reads as the address, shown whole.
    await expectShownInEveryLook(page, {
      reopen: () => reopenAccount(page, 'receive'),
      checks: async (_, look) => {
        // Read by a camera once more in the dark palette (a scan costs seconds; light was read above).
        if (look.theme === 'dark') expect(await scanQr(page, code)).toBe(address);
        expect(await code.getAttribute('aria-label')).toBe(`QR code of the address ${address}`);
        expect(await dialog(page).getByTestId('receive-address').textContent()).toBe(address);
      },
    });
    await demo.close();
  });
});
