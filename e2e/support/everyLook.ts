import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { STATE_POLLING } from './browser.ts';

/** A look the visitor may see the modal in: the theme, and a desktop's or a phone's width. */
export interface Look {
  theme: 'light' | 'dark';
  width: 'desktop' | 'phone';
}

const VIEWPORTS = { desktop: { width: 1280, height: 720 }, phone: { width: 360, height: 740 } } as const;

/**
 * After the reload: the page as it loaded (light, desktop), then dark on a phone. Each theme and
 * each width once: the layout does not follow the theme, nor the palette the width, and a look
 * costs the flow's checks again.
 */
export const LOOKS: readonly Look[] = [
  { theme: 'light', width: 'desktop' },
  { theme: 'dark', width: 'phone' },
];

export interface EveryLookChecks {
  /** Brings the page back to the flow's view after the reload (the modal opens closed). */
  reopen(page: Page): Promise<void>;
  /** What the visitor sees, asserted against the chain: run once per look. */
  checks(page: Page, look: Look): Promise<void>;
}

/**
 * After a flow, once: reload the page and reopen its view, then in light and dark, at a desktop's
 * and a phone's width, assert what is shown (the flow's `checks`, read against the chain) and that
 * the modal shows it whole: nothing sticks out of the dialog or is cut off, no control is covered.
 * The theme is the widget's own option (`cairn.setThemeMode`), the width the browser's viewport.
 */
export async function expectShownInEveryLook(page: Page, { reopen, checks }: EveryLookChecks): Promise<void> {
  await page.reload();
  await reopen(page);
  try {
    for (const look of LOOKS) {
      await showLook(page, look);
      await checks(page, look);
      expect(await layoutProblems(page), `in ${look.theme} at ${look.width} width`).toEqual([]);
    }
  } finally {
    await showLook(page, LOOKS[0]!);
  }
}

async function showLook(page: Page, look: Look) {
  await page.setViewportSize(VIEWPORTS[look.width]);
  await page.evaluate((theme) => (window as unknown as { cairn: { setThemeMode(mode: string): void } }).cairn.setThemeMode(theme), look.theme);
  await page.waitForFunction(
    ({ theme, width }) => document.querySelector('cairn-modal')?.getAttribute('data-theme') === theme && window.innerWidth === width,
    { theme: look.theme, width: VIEWPORTS[look.width].width },
  );
}

/**
 * What the open modal shows badly, one line each: an element sticking out of the dialog or past
 * the viewport, a text cut off (content wider or taller than a box that hides the rest), a control
 * another element lies over (read at its centre once scrolled into view).
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('cairn-modal')?.shadowRoot;
    const dialog = root?.querySelector<HTMLElement>('[role="dialog"]');
    if (!root || !dialog) return ['no open dialog'];
    const name = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}> "${text}"`;
    };
    const shown = (element: Element) => {
      if (element.closest('.sr-only') || element.getClientRects().length === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const problems: string[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const frame = dialog.getBoundingClientRect();
    if (frame.left < -1 || frame.right > viewportWidth + 1) problems.push(`the dialog (${Math.round(frame.left)} to ${Math.round(frame.right)} px) goes past the viewport (${viewportWidth} px wide)`);
    for (const element of dialog.querySelectorAll('*')) {
      if (!shown(element) || element.closest('svg') !== null && element.tagName.toLowerCase() !== 'svg') continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && (box.left < frame.left - 1 || box.right > frame.right + 1)) problems.push(`${name(element)} sticks out of the dialog`);
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) continue;
      const style = getComputedStyle(element);
      const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      const cutSideways = hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const cutBelow = hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      const scrollsSideways = (style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1;
      if ((cutSideways || cutBelow) && (element.textContent ?? '').trim() !== '') problems.push(`${name(element)} is cut off`);
      if (scrollsSideways) problems.push(`${name(element)} scrolls sideways`);
    }
    const controls = dialog.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"], [tabindex="0"]');
    for (const control of controls) {
      if (!shown(control)) continue;
      control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = control.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (x < 0 || y < 0 || x > viewportWidth || y > document.documentElement.clientHeight) {
        problems.push(`${name(control)} cannot be brought into view`);
        continue;
      }
      // Over the modal's host, the page's own elements (the secure frame's iframe) lie outside its shadow root.
      const onPage = document.elementFromPoint(x, y);
      const top = onPage === root.host ? root.elementFromPoint(x, y) : onPage;
      if (top && top !== control && !control.contains(top) && !(top instanceof HTMLLabelElement && top.control === control)) {
        problems.push(`${name(control)} is covered by ${top === onPage && onPage !== root.host ? 'the page’s ' : ''}${name(top)}`);
      }
    }
    return problems;
  });
}

/** After a reload: waits for the wallet to reconnect and opens Account (then, if named, one of its wallet features). */
export async function reopenAccount(page: Page, feature?: 'send' | 'receive' | 'swaps' | 'onramp' | 'activity') {
  await page.waitForFunction(() => document.querySelector('[data-testid="site-status"]')?.textContent === 'connected', null, { timeout: 20_000, ...STATE_POLLING });
  const modal = page.getByRole('dialog');
  await page.getByRole('button', { name: /^Account / }).click();
  await modal.getByRole('heading', { name: 'Account' }).waitFor();
  if (feature === 'activity') await modal.getByTestId('account-activity').click();
  else if (feature) await modal.getByTestId(`wallet-feature-${feature}`).click();
}
