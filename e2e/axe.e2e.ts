import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { connectButton, connectWallet, dialog, openDemo } from './support/demo.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

async function expectNoSeriousViolations(page: Page, where: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

// Each theme once and each device once: contrast follows the theme's colours, target sizes and
// reflow follow the device's layout. Left out (to save ~80 s of the suite): a colour that only one
// layout uses, seen in the other theme.
describe.each([
  ['light', 'desktop', DESKTOP],
  ['dark', 'phone', PHONE],
] as const)('axe-core: no serious or critical violation, %s theme on %s', (theme, _device, context) => {
  it('over the button, Connect, All Wallets and the WalletConnect QR code', async () => {
    const demo = await openDemo(browser, { query: `theme=${theme}`, context });
    const { page } = demo;
    await connectButton(page).waitFor();
    await expectNoSeriousViolations(page, 'the button');
    await connectButton(page).click();
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor();
    await expectNoSeriousViolations(page, 'Connect');
    await dialog(page).getByRole('button', { name: /All Wallets/ }).click();
    await dialog(page).getByRole('heading', { name: 'All Wallets' }).waitFor();
    await dialog(page).getByRole('searchbox').waitFor();
    await expectNoSeriousViolations(page, 'All Wallets');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page).getByTestId('wallet-walletConnect').click();
    await dialog(page).getByTestId('walletconnect-qr').waitFor();
    await expectNoSeriousViolations(page, 'the WalletConnect QR code');
    await demo.close();
  });

  it('over a declined connection and the sign-in view', async () => {
    const demo = await openDemo(browser, { query: `theme=${theme}&siwx=optional`, context });
    const { page } = demo;
    await demo.wallet().rejectNext();
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await dialog(page).getByText('Connection declined').waitFor();
    await expectNoSeriousViolations(page, 'ConnectingExternal, declined');
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await dialog(page).getByRole('button', { name: 'Sign in' }).waitFor();
    await expectNoSeriousViolations(page, 'the sign-in view');
    await demo.close();
  });

  it('over Account, Networks, Activity, Receive, Send and the connected button', async () => {
    const demo = await openDemo(browser, { query: `theme=${theme}`, context });
    const { page } = demo;
    await connectWallet(page);
    await expectNoSeriousViolations(page, 'the connected button');
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await dialog(page).getByTestId('account-balance').waitFor();
    await expectNoSeriousViolations(page, 'Account');
    await dialog(page).getByTestId('account-network').click();
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor();
    await expectNoSeriousViolations(page, 'Networks');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page).getByTestId('account-activity').click();
    await dialog(page).getByTestId('activity').waitFor();
    await dialog(page).locator('.activity [role="status"]').waitFor({ state: 'detached' });
    await expectNoSeriousViolations(page, 'Activity');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page).getByTestId('wallet-feature-receive').click();
    await dialog(page).getByTestId('receive-qr').waitFor();
    await expectNoSeriousViolations(page, 'Receive');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByTestId('send-fee').filter({ hasText: /\d/ }).waitFor();
    await dialog(page).getByLabel('Amount', { exact: true }).fill('1e5');
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-amount-error').waitFor();
    await expectNoSeriousViolations(page, 'Send, with an error');
    await demo.close();
  });

  it('over Swap (quoted), Buy (quoted) and Choose a name (available)', async () => {
    const demo = await openDemo(browser, { query: `theme=${theme}`, context });
    const { page } = demo;
    await connectWallet(page);
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('wallet-feature-swaps').click();
    await dialog(page).getByLabel('You pay').fill('1');
    await dialog(page).getByTestId('swap-to-amount').filter({ hasText: /[1-9]/ }).waitFor();
    await expectNoSeriousViolations(page, 'Swap');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page).getByTestId('wallet-feature-onramp').click();
    await dialog(page).getByTestId('buy-quote').filter({ hasText: 'ETH' }).waitFor();
    await expectNoSeriousViolations(page, 'Buy');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page).getByTestId('account-choose-name').click();
    await dialog(page).getByLabel('Name').fill(`axe-${theme}-${Date.now().toString(36)}`);
    await dialog(page).getByTestId('name-available').waitFor();
    await expectNoSeriousViolations(page, 'Choose a name');
    await demo.close();
  });
});
