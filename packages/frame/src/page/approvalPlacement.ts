import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { approvalPlace, type ApprovalWindowSetting } from '../signing/approvalWindowMode.ts';
import type { ApprovalPrompts } from './approvalRpc.ts';
import type { SeparateWindowChoice } from './approvalWindowPrompts.ts';

/** The frame's approvals, each shown where approvalPlace says: the operator's setting, the user's choice, the browser's visibility checks. */
export function placedApprovalPrompts(
  setting: ApprovalWindowSetting,
  choice: SeparateWindowChoice,
  browser: { visibilityV2: boolean },
  inline: ApprovalPrompts,
  separate: { ask(summary: ApprovalSummary, signal: AbortSignal): Promise<boolean> },
): ApprovalPrompts {
  return {
    ...(inline.t ? { t: inline.t } : {}),
    ask: (summary, signal) => (approvalPlace(setting, { alwaysSeparate: choice.get() }, browser) === 'window' ? separate.ask(summary, signal) : inline.ask(summary, signal)),
  };
}

/** Chromium's IntersectionObserver v2 (`isVisible`): the inline gate sees what is painted over the frame only there. */
export const hasVisibilityV2 = () => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;
