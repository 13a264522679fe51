import type { Page } from 'playwright-core';

const FRAME_SELECTOR = 'iframe[title="Cairn secure frame"]';

/**
 * How long the frame must have stood still before a click on it counts. Chromium drops input to a
 * cross-origin iframe that uses IntersectionObserver v2 (the approval screen does, against
 * clickjacking) and moved within its stable time (`min_screen_rect_stable_time_ms`; whatwg/html#8012),
 * silently: no event reaches either document, and Playwright reports the click done. 500 ms, the
 * longest value Chromium has used, with a margin.
 */
const BROWSER_STABLE_MS = 600;

/** The secure frame's document in the demo, where the visitor reads and clicks the frame's own screens. */
export const frameContent = (page: Page) => page.frameLocator(FRAME_SELECTOR);

/**
 * Resolves once the frame's screen lies on the widget's Approve view (its box, in the modal's
 * shadow root) and has stood still there for the browser's stable time. The iframe follows that box
 * while the modal animates in, and after a page load it starts centred, since the modal's code
 * loads first. Approve waits longer than that by itself (the frame's own gate); a click on Reject,
 * which takes one at once, needs this first.
 */
export async function frameScreenSettled(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    ({ selector, stableMs }) => {
      const deep = (root: Document | ShadowRoot): Element | undefined =>
        root.querySelector('[data-testid="approve-frame-box"]') ??
        [...root.querySelectorAll('*')].reduce<Element | undefined>((found, element) => found ?? (element.shadowRoot ? deep(element.shadowRoot) : undefined), undefined);
      const frame = document.querySelector(selector)?.getBoundingClientRect();
      const box = deep(document)?.getBoundingClientRect();
      if (!frame || !box) return false;
      const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
      if (!(near(frame.top, box.top) && near(frame.left, box.left) && near(frame.width, box.width) && near(frame.height, box.height))) return false;
      const state = window as unknown as { framePlace?: { key: string; since: number } };
      const key = `${frame.top},${frame.left},${frame.width},${frame.height}`;
      if (state.framePlace?.key !== key) state.framePlace = { key, since: performance.now() };
      return performance.now() - state.framePlace.since >= stableMs;
    },
    { selector: FRAME_SELECTOR, stableMs: BROWSER_STABLE_MS },
    { polling: 'raf', timeout },
  );
}

/**
 * Resolves once the frame has stood still for the browser's stable time, wherever it lies: before
 * a click on one of the frame's own screens that takes it at once (Done, Reject, a link), right
 * after the widget's view around it changed.
 */
export async function frameStoodStill(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    ({ selector, stableMs }) => {
      const frame = document.querySelector(selector)?.getBoundingClientRect();
      if (!frame || frame.width === 0) return false;
      const state = window as unknown as { frameStill?: { key: string; since: number } };
      const key = `${frame.top},${frame.left},${frame.width},${frame.height}`;
      if (state.frameStill?.key !== key) state.frameStill = { key, since: performance.now() };
      return performance.now() - state.frameStill.since >= stableMs;
    },
    { selector: FRAME_SELECTOR, stableMs: BROWSER_STABLE_MS },
    { polling: 100, timeout },
  );
}
