import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  /** Each offending element: its selector path (through shadow roots) and axe's summary. */
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA, and best practices) over Cairn's own elements on the page,
 * the modal's and the button's shadow roots included, and returns the serious and critical
 * violations. The demo site's own markup is not Cairn's and is left out.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  // Colours are judged as they settle: mid-way through the dialog's entrance its text is faint.
  // Spinners run forever and are left alone.
  await page.evaluate(() => {
    const roots = [document, ...['cairn-modal', 'cairn-connect-button'].flatMap((tag) => [...document.querySelectorAll(tag)].map((host) => host.shadowRoot!))];
    const finite = roots.flatMap((root) => root.getAnimations()).filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: RawViolation[] }> } }).axe;
    type RawViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };
    const include = ['cairn-modal', 'cairn-connect-button'].filter((tag) => document.querySelector(tag)).map((tag) => [tag]);
    const { violations } = await axe.run({ include }, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact!,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: JSON.stringify(node.target), summary: node.failureSummary ?? '' })),
      }));
  });
}

/** One line per violation and element, for a failing assertion's message. */
export const describeViolations = (violations: readonly AxeViolation[]): string =>
  violations.flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id} (${violation.help}) at ${node.target}: ${node.summary}`)).join('\n');
