import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WALLET_SEARCH_DEBOUNCE_MS, WALLETS_PAGE_SIZE } from '@cairn/core/internal';
import { launchChromium } from './support/browser.ts';
import { connectButton, dialog, openDemo, pageEvents, searchWallets, waitForSiteStatus } from './support/demo.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The rows of the list in view order (only the rendered ones: the list is virtualized). */
const catalogueRows = (page: Page) => dialog(page).getByRole('list', { name: /wallets/i }).locator('li');
/** How many wallets the list holds, rendered or not (aria-setsize of its rows). */
const listSize = (page: Page) => catalogueRows(page).first().getAttribute('aria-setsize').then(Number);
const searchField = (page: Page) => dialog(page).getByRole('searchbox', { name: 'Search wallets' });

async function openAllWallets(page: Page) {
  await connectButton(page).click();
  const allWallets = dialog(page).getByRole('button', { name: 'All Wallets' });
  await allWallets.waitFor();
  await allWallets.click();
  await dialog(page).getByRole('heading', { name: 'All Wallets' }).waitFor();
}

/** GET /getWallets requests the page made, as their query parameters. */
function catalogueRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/getWallets') seen.push(url.searchParams);
  });
  return seen;
}

describe('All Wallets', () => {
  it('shows the first page, loads the next on scroll, searches after the debounce, and says when nothing is found', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    const requests = catalogueRequests(page);
    await connectButton(page).click();
    // The Connect view: the browser's wallets, then the catalogue's recommended ones, then All Wallets with the count.
    const allWalletsRow = dialog(page).getByRole('button', { name: 'All Wallets' });
    await allWalletsRow.filter({ hasText: /\d+/ }).waitFor();
    await dialog(page).getByTestId('catalogue-wallet-io.metamask').waitFor();
    await page.screenshot({ path: new URL('./screenshots/connect-catalogue.png', import.meta.url).pathname, animations: 'disabled' });
    await allWalletsRow.click();

    await dialog(page).getByRole('heading', { name: 'All Wallets' }).waitFor();
    // The search field has focus, so the visitor can type at once.
    await page.waitForFunction(() => document.querySelector('cairn-modal')?.shadowRoot?.activeElement?.getAttribute('type') === 'search');
    await dialog(page).getByTestId('catalogue-wallet-io.metamask').waitFor();
    await expect.poll(() => listSize(page)).toBe(WALLETS_PAGE_SIZE);
    // Virtualized: far fewer rows in the DOM than in the list.
    expect(await catalogueRows(page).count()).toBeLessThan(WALLETS_PAGE_SIZE);
    // For a person to look at (not committed), like screenshots.e2e.ts.
    await page.screenshot({ path: new URL('./screenshots/all-wallets.png', import.meta.url).pathname, animations: 'disabled' });
    const metamask = dialog(page).getByTestId('catalogue-wallet-io.metamask');
    expect(await metamask.locator('img').getAttribute('loading')).toBe('lazy');
    expect(await metamask.locator('img').getAttribute('src')).toMatch(/\/getWalletImage\/io\.metamask\?projectId=/);

    // Scrolling to the end loads page 2.
    await dialog(page).locator('.vlist').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await expect.poll(() => listSize(page)).toBe(2 * WALLETS_PAGE_SIZE);
    const pages = requests.filter((query) => query.get('entries') === String(WALLETS_PAGE_SIZE)).map((query) => query.get('page'));
    expect(pages).toEqual(['1', '2']);

    // Typing "rain" quickly: one request after the pause, and Rainbow shows. The page notes when
    // each key's text came: on a busy machine a key can come after the pause, and the text that stood
    // that long is then rightly searched too.
    const before = requests.length;
    await searchField(page).evaluate((input) => {
      const typedAt: [string, number][] = [];
      (window as unknown as { typedAt: typeof typedAt }).typedAt = typedAt;
      input.addEventListener('input', () => typedAt.push([(input as HTMLInputElement).value, performance.now()]));
      // The search's request is timed by the page too (Resource Timing), on the same clock as the keys.
      performance.clearResourceTimings();
      performance.setResourceTimingBufferSize(1000);
    });
    await searchField(page).pressSequentially('rain', { delay: 40 });
    // The pause is measured in the page, from its last key to the request for "rain": the test's own
    // clock saw the last key late on a busy machine (Rainbow showed 56 ms after it in a CI run).
    // Waited for until the request for "rain" has ended: Rainbow alone is no sign of it, since a key
    // that came late on a busy machine ("r" stood the pause) gets a search of its own, whose answer
    // holds Rainbow too (ci9 of session 18: Rainbow showed, no request for "rain" yet, the pause undefined).
    const pauseBeforeRain = () =>
      page.evaluate(() => {
        const lastKey = (window as unknown as { typedAt: [string, number][] }).typedAt.at(-1)![1];
        const search = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).searchParams.get('search') === 'rain');
        return search ? search.startTime - lastKey : undefined;
      });
    await expect.poll(pauseBeforeRain, { timeout: 10_000 }).toBeDefined();
    expect(await pauseBeforeRain()).toBeGreaterThanOrEqual(WALLET_SEARCH_DEBOUNCE_MS - 50);
    const rainbow = dialog(page).getByTestId('catalogue-wallet-me.rainbow');
    await rainbow.waitFor({ timeout: 3000 });
    await expect.poll(() => listSize(page)).toBe(1);
    const typedAt = await page.evaluate(() => (window as unknown as { typedAt: [string, number][] }).typedAt);
    expect(typedAt.map(([text]) => text)).toEqual(['r', 'ra', 'rai', 'rain']);
    const stoodThePause = typedAt.filter(([, at], index) => index === typedAt.length - 1 || typedAt[index + 1]![1] - at >= WALLET_SEARCH_DEBOUNCE_MS);
    const searches = requests.slice(before).map((query) => [query.get('search'), query.get('entries')]);
    expect(searches).toEqual(stoodThePause.map(([text]) => [text, '100']));
    expect(searches.at(-1)).toEqual(['rain', '100']);
    expect(await rainbow.getAttribute('aria-label')).toBe('Rainbow');
    // The list's rows are kept by position (session 27): the row that held another wallet before the
    // search now shows Rainbow's logo, once it has stayed in view, never the other wallet's.
    await expect.poll(() => rainbow.locator('img').getAttribute('src')).toMatch(/\/getWalletImage\/me\.rainbow\?projectId=/);
    expect(await rainbow.locator('xpath=ancestor::li[1]').getAttribute('data-index')).toBe('0');
    expect(await pageEvents(page)).toContain('SEARCH_WALLET');

    await searchField(page).fill('zzzz no such wallet');
    await dialog(page).locator('p.headline', { hasText: 'No wallet found' }).waitFor();
    // Said to screen readers too, through the live region.
    expect(await dialog(page).getByRole('status').filter({ hasText: 'No wallet found' }).count()).toBe(1);

    // Clearing goes back to the list, with the pages already loaded.
    await dialog(page).getByRole('button', { name: 'Clear search' }).click();
    await dialog(page).getByTestId('catalogue-wallet-io.metamask').waitFor();
    await expect.poll(() => listSize(page)).toBe(2 * WALLETS_PAGE_SIZE);
    expect(await searchField(page).inputValue()).toBe('');

    expect(demo.foreignRequests).toEqual([]);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('lists an installed wallet (its EIP-6963 rdns) first as Installed, and connects it through the browser', async () => {
    // The test wallet announces MetaMask's rdns, as the MetaMask extension would.
    const demo = await openDemo(browser, { wallets: [{ info: { name: 'MetaMask', rdns: 'io.metamask' } }] });
    const { page } = demo;
    await openAllWallets(page);
    const first = catalogueRows(page).first().getByRole('button');
    await expect.poll(() => first.getAttribute('data-testid')).toBe('catalogue-wallet-io.metamask');
    await first.getByText('Installed').waitFor();
    await first.click();
    await waitForSiteStatus(page, 'connected');
    expect(await pageEvents(page)).toEqual(expect.arrayContaining(['SELECT_WALLET', 'CONNECT_SUCCESS']));
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('hands a wallet that is not installed to WalletConnect, under its name', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await openAllWallets(page);
    await searchWallets(page, 'rainbow');
    await dialog(page).getByTestId('catalogue-wallet-me.rainbow').click();
    await dialog(page).getByRole('heading', { name: 'Rainbow' }).waitFor();
    expect(await pageEvents(page)).toContain('SELECT_WALLET');
    // The pairing really started: a WalletConnect URI from the local relay, in a QR code for Rainbow.
    const qr = dialog(page).getByRole('img', { name: 'WalletConnect QR code for Rainbow' });
    await qr.waitFor({ timeout: 15_000 });
    expect(await dialog(page).getByTestId('walletconnect-qr').getAttribute('data-uri')).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('says when the list or a search could not load, and Retry loads it', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    // The site's server answers the catalogue with an error (400: not retried) while `failing` holds.
    let failing: 'list' | 'search' | null = 'list';
    await page.route(
      (url) => url.pathname === '/getWallets',
      (route) => {
        const isSearch = new URL(route.request().url()).searchParams.has('search');
        const fail = (failing === 'list' && !isSearch) || (failing === 'search' && isSearch);
        return fail ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"Bad Request"}' }) : route.continue();
      },
    );
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click();
    const listProblem = dialog(page).getByRole('alert').filter({ hasText: 'Could not load wallets' });
    await listProblem.waitFor();
    failing = 'search';
    await listProblem.getByRole('button', { name: 'Retry' }).click();
    await catalogueRows(page).first().waitFor();

    await searchField(page).fill('rainbow');
    const searchProblem = dialog(page).getByRole('alert').filter({ hasText: 'Could not search wallets' });
    await searchProblem.waitFor();
    failing = null;
    await searchProblem.getByRole('button', { name: 'Retry' }).click();
    await dialog(page).getByTestId('catalogue-wallet-me.rainbow').waitFor();
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('moves through the list with the arrow keys, past the rows first rendered', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await openAllWallets(page);
    await dialog(page).getByTestId('catalogue-wallet-io.metamask').waitFor();
    await searchField(page).press('ArrowDown');
    for (let step = 0; step < 25; step++) await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => {
      const active = document.querySelector('cairn-modal')?.shadowRoot?.activeElement;
      return { index: active?.closest('li')?.getAttribute('data-index'), testId: active?.getAttribute('data-testid') };
    });
    expect(focused.index).toBe('25');
    expect(focused.testId).toMatch(/^catalogue-wallet-/);
    await demo.close();
  });
});
