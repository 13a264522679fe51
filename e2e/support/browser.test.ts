import { afterAll, expect, it, vi } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { launchChromium } from './browser.ts';

const launched: Promise<Browser>[] = [];
// The real launch, counted: each call starts a Chromium process.
const realLaunch = chromium.launch.bind(chromium);
const counted = vi.spyOn(chromium, 'launch').mockImplementation((options) => {
  const browser = realLaunch(options);
  launched.push(browser);
  return browser;
});

afterAll(async () => {
  counted.mockRestore();
  await Promise.all(launched.map(async (browser) => (await browser).close()));
});

it("gives each file a lease of one Chromium: a lease's close() ends its own contexts, not another's nor the browser", async () => {
  const first = await launchChromium();
  const second = await launchChromium();
  expect(launched).toHaveLength(1);

  const firstContext = await first.newContext();
  const firstPage = await first.newPage();
  const secondPage = await (await second.newContext()).newPage();
  await secondPage.setContent('<p>still here</p>');
  expect(first.contexts()).toEqual([firstContext, firstPage.context()]);
  expect(second.contexts()).toHaveLength(1);

  await first.close();
  expect(first.contexts()).toEqual([]);
  expect(firstPage.isClosed()).toBe(true);
  expect(await secondPage.textContent('p')).toBe('still here');
  expect(first.isConnected()).toBe(true);
  await second.close();
}, 60_000);

it('launches Chromium again for the next file when the shared one has gone', async () => {
  const before = await launchChromium();
  await (await launched.at(-1)!).close(); // as a crash would
  expect(before.isConnected()).toBe(false);
  const after = await launchChromium();
  expect(launched).toHaveLength(2);
  const page = await after.newPage();
  await page.setContent('<p>a new browser</p>');
  expect(await page.textContent('p')).toBe('a new browser');
  await after.close();
}, 60_000);

it("asks for reduced motion unless the test asks for motion", async () => {
  const browser = await launchChromium();
  const reduced = '(prefers-reduced-motion: reduce)';
  const byDefault = await browser.newPage();
  const inContext = await (await browser.newContext()).newPage();
  const moving = await (await browser.newContext({ reducedMotion: 'no-preference' })).newPage();
  expect(await byDefault.evaluate((query) => matchMedia(query).matches, reduced)).toBe(true);
  expect(await inContext.evaluate((query) => matchMedia(query).matches, reduced)).toBe(true);
  expect(await moving.evaluate((query) => matchMedia(query).matches, reduced)).toBe(false);
  await browser.close();
}, 60_000);
