import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { connectButton, dialog, openDemo } from './support/demo.ts';
import { E2E_DEMO_OUT_DIR } from './support/ports.ts';

const dist = new URL(`../apps/demo/${E2E_DEMO_OUT_DIR}/`, import.meta.url).pathname;
// A text only the Connect view renders (one of the modal's first views): it must live in the
// modal's chunk, not the entry.
const MODAL_ONLY_TEXT = 'Install a browser wallet extension, then reload this page to connect.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the modal loads lazily', () => {
  it('is split out of the entry chunk that the page loads up front', () => {
    const html = readFileSync(`${dist}index.html`, 'utf8');
    const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(readFileSync(`${dist}${entry}`, 'utf8')).not.toContain(MODAL_ONLY_TEXT);
    const chunks = readdirSync(`${dist}assets`).filter((file) => file.endsWith('.js'));
    expect(chunks.some((file) => readFileSync(`${dist}assets/${file}`, 'utf8').includes(MODAL_ONLY_TEXT))).toBe(true);
  });

  it('fetches the modal chunk only after the page has loaded', async () => {
    const modalFile = readdirSync(`${dist}assets`).find(
      (file) => file.startsWith('Modal-') && file.endsWith('.js') && readFileSync(`${dist}assets/${file}`, 'utf8').includes(MODAL_ONLY_TEXT),
    )!;
    const demo = await openDemo(browser);
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).waitFor();
    const timing = await page.evaluate((file) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const chunk = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(file));
      return { loadEventStart: navigation.loadEventStart, chunkStart: chunk?.startTime };
    }, modalFile);
    expect(timing.chunkStart).toBeDefined();
    expect(timing.chunkStart!).toBeGreaterThanOrEqual(timing.loadEventStart);
    await demo.close();
  });

  it("fetches the core's actions on intent (the button hovered), not on every page load", async () => {
    const actionsFile = readdirSync(`${dist}assets`).find((file) => file.startsWith('cairnActions-') && file.endsWith('.js'));
    expect(actionsFile).toBeDefined();
    const demo = await openDemo(browser);
    const { page } = demo;
    const fetched = () =>
      page.evaluate((file) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(file)), actionsFile!);
    const modalFile = readdirSync(`${dist}assets`).find(
      (file) => file.startsWith('Modal-') && file.endsWith('.js') && readFileSync(`${dist}assets/${file}`, 'utf8').includes(MODAL_ONLY_TEXT),
    )!;
    // The idle work has run once the modal's chunk, fetched when idle, has arrived.
    await expect
      .poll(() => page.evaluate((file) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(file)), modalFile), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await fetched()).toBe(false);
    await connectButton(page).hover();
    await expect.poll(fetched, { timeout: 5_000 }).toBe(true);
    await demo.close();
  });

  it('with the browser never idle (createCairn\'s start-up and the modal\'s prefetch wait for it, issue 29), a click opens the modal with the announced wallet', async () => {
    const demo = await openDemo(browser, { initScripts: ['window.requestIdleCallback = () => 0; window.cancelIdleCallback = () => {};'] });
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).waitFor();
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});
