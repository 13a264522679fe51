import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { connectButton, connectWallet, dialog, openDemo } from './support/demo.ts';

// Written for a person to look at (not committed): e2e/screenshots/{connect,account}-{light,dark}.png
const dir = new URL('./screenshots/', import.meta.url).pathname;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(dir, { recursive: true });
});
afterAll(() => browser?.close());

describe.each(['light', 'dark'] as const)('%s theme', (theme) => {
  it('renders Connect and Account, with the theme the site asked for', async () => {
    const demo = await openDemo(browser, { query: `theme=${theme}`, context: { colorScheme: theme === 'light' ? 'dark' : 'light' } });
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).waitFor();
    // themeMode overrides the system preference: the context's colour scheme is the opposite.
    const background = await dialog(page).evaluate((element) => getComputedStyle(element).backgroundColor);
    const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
    const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    expect(theme === 'dark' ? luminance < 0.3 : luminance > 0.7).toBe(true);
    await page.screenshot({ path: `${dir}connect-${theme}.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await connectWallet(page);
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByText('10,000.000 ETH').waitFor();
    await dialog(page).getByTestId('token-CAIRN').waitFor();
    await page.screenshot({ path: `${dir}account-${theme}.png`, animations: 'disabled' });
    await demo.close();
  });
});
