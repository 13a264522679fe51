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
