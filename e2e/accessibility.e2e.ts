import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { connectButton, dialog, openDemo, waitForSiteStatus } from './support/demo.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The accessible name of the element that really has focus, through shadow roots. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || !['BUTTON', 'A', 'INPUT'].includes(element.tagName)) return `<${element?.tagName ?? 'none'}>`;
    return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });

async function tabUntil(page: Page, name: RegExp | string, limit = 30) {
  for (let i = 0; i < limit; i++) {
    const current = await focusedName(page);
    if (typeof name === 'string' ? current === name : name.test(current)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached ${name} with Tab; last focus: ${await focusedName(page)}`);
}

describe('keyboard and host CSS', () => {
  it('is usable with the keyboard alone: open, select, Escape, focus returns to the button', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await tabUntil(page, 'Connect Wallet');
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    // Focus is inside the dialog and Tab never leaves it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        let element: Element | null = document.activeElement;
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
        return Boolean(element?.closest('[role="dialog"]'));
      });
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Connect Wallet');

    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await tabUntil(page, /^Cairn Test Wallet/);
    await page.keyboard.press('Enter');
    await waitForSiteStatus(page, 'connected');
    await demo.close();
  });

  it('closes on a click on the backdrop, not on a click inside the card', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).click();
    expect(await dialog(page).isVisible()).toBe(true);
    await page.mouse.click(5, 5);
    await dialog(page).waitFor({ state: 'detached' });
    await demo.close();
  });

  it('is not broken by hostile host CSS', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await page.addStyleTag({ content: '* { all: unset !important; } button { display: none !important; }' });
    const button = connectButton(page);
    await button.click();
    const connect = dialog(page).getByRole('button', { name: 'Cairn Test Wallet' });
    await connect.waitFor();
    const box = await connect.boundingBox();
    expect(box && box.width > 100 && box.height > 30).toBe(true);
    await connect.click();
    await waitForSiteStatus(page, 'connected');
    await demo.close();
  });

  it('respects prefers-reduced-motion: the dialog appears without its entrance animation, and nothing turns or pulses', async () => {
    const demo = await openDemo(browser, { context: { reducedMotion: 'reduce' } });
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor();
    const moving = await page.evaluate(() => {
      const root = document.querySelector('cairn-modal')!.shadowRoot!;
      return root.getAnimations().map((animation) => (animation as CSSAnimation).animationName ?? 'transition');
    });
    expect(moving).toEqual([]);
    expect(await waitingLooks(page)).toEqual({ card: 'none', spinner: 'none', connecting: 'none', skeleton: 'none', buttonSpinner: 'none' });
    await demo.close();
  });

  it('animates with motion asked for: the entrance, the spinners, the skeleton', async () => {
    const demo = await openDemo(browser, { context: { reducedMotion: 'no-preference' } });
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor();
    expect(await waitingLooks(page)).toEqual({ card: 'cairn-rise', spinner: 'cairn-spin', connecting: 'cairn-spin', skeleton: 'cairn-pulse', buttonSpinner: 'spin' });
    await demo.close();
  });
});

/**
 * The animation each waiting look has in the open modal (and the button's spinner in its own shadow
 * root): the test puts one of each in, as the views render them, and reads the computed style.
 */
const waitingLooks = (page: Page) =>
  page.evaluate(() => {
    const modal = document.querySelector('cairn-modal')!.shadowRoot!;
    const button = document.querySelector('cairn-connect-button')!.shadowRoot!;
    const card = modal.querySelector('.card')!;
    const add = (root: Element | ShadowRoot, html: string) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      root.append(holder);
      return holder.firstElementChild!;
    };
    const named = (element: Element, pseudo?: string) => getComputedStyle(element, pseudo).animationName;
    return {
      card: named(card),
      spinner: named(add(card, '<span class="spinner"></span>')),
      connecting: named(add(card, '<div class="connecting-icon"></div>'), '::before'),
      skeleton: named(add(card, '<span class="skeleton"></span>')),
      buttonSpinner: named(add(button, '<span class="spinner"></span>')),
    };
  });
