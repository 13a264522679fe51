/**
 * Where the frame shows an approval (session 23), as its operator set it (FRAME_APPROVALS):
 * - `popup`: always in the approval window, a top-level page of the frame's origin no site can
 *   draw over or clip (the default);
 * - `inline`: in the frame, behind the approval gate, unless the user chose to always review in a
 *   separate window;
 * - `auto`: the approval window where the browser has no IntersectionObserver v2 (Firefox, Safari:
 *   the gate sees only geometry there), or where the user chose it; inline elsewhere.
 * The site has no say: a hostile one would switch it off.
 */
export type ApprovalWindowSetting = 'popup' | 'inline' | 'auto';

export const APPROVAL_WINDOW_SETTINGS = ['popup', 'inline', 'auto'] as const satisfies readonly ApprovalWindowSetting[];

export const DEFAULT_APPROVAL_WINDOW_SETTING: ApprovalWindowSetting = 'popup';

export function approvalPlace(setting: ApprovalWindowSetting, user: { alwaysSeparate: boolean }, browser: { visibilityV2: boolean }): 'window' | 'inline' {
  if (setting === 'popup' || user.alwaysSeparate) return 'window';
  return setting === 'auto' && !browser.visibilityV2 ? 'window' : 'inline';
}
