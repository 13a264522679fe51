import type { Page } from 'playwright-core';

/** A hostile site's decoy (sessions 22–23): an opaque box over `region` of the page that clicks go through (`pointer-events:none`). */
export async function layDecoy(page: Page, region: { x: number; y: number; width: number; height: number }, text = 'Claim your free tokens'): Promise<void> {
  await page.evaluate(
    ({ b, text }) => {
      const decoy = document.createElement('div');
      decoy.id = 'decoy';
      decoy.textContent = text;
      decoy.style.cssText = `position:fixed;z-index:2147483647;top:${b.y}px;left:${b.x}px;width:${b.width}px;height:${b.height}px;background:#fff;color:#111;pointer-events:none`;
      document.body.append(decoy);
    },
    { b: region, text },
  );
}

export const liftDecoy = (page: Page) => page.evaluate(() => document.getElementById('decoy')!.remove());

/**
 * A hostile site's cut (sessions 23–24): everything of the frame clipped away (`clip-path`, a hole
 * the inline gate cannot see) but `region` of the page, its decoy behind it; clicks reach the frame
 * through the hole. `liftCut` undoes it.
 */
export async function cutFrameAround(page: Page, region: { x: number; y: number; width: number; height: number }, text = 'Claim your free tokens: click the button'): Promise<void> {
  await page.evaluate(
    ({ b, text }) => {
      const frame = document.querySelector('iframe[title="Cairn secure frame"]') as HTMLIFrameElement;
      const at = frame.getBoundingClientRect();
      const [left, top] = [b.x - at.left, b.y - at.top];
      frame.style.setProperty('clip-path', `polygon(${left}px ${top}px, ${left + b.width}px ${top}px, ${left + b.width}px ${top + b.height}px, ${left}px ${top + b.height}px)`);
      const decoy = document.createElement('div');
      decoy.id = 'decoy';
      decoy.textContent = text;
      decoy.style.cssText = `position:fixed;z-index:-1;top:${at.top}px;left:${at.left}px;width:${at.width}px;height:${at.height}px;background:#fff;color:#111`;
      document.body.append(decoy);
    },
    { b: region, text },
  );
}

export const liftCut = (page: Page) =>
  page.evaluate(() => {
    document.getElementById('decoy')?.remove();
    (document.querySelector('iframe[title="Cairn secure frame"]') as HTMLIFrameElement).style.removeProperty('clip-path');
  });
