import { fill, type Translate } from '@cairn/core/rules';
import { ApprovalScreenText } from '../signing/approvalGate.ts';
import type { ApprovalRow, ApprovalSummary } from '../signing/approvalSummary.ts';
import { screenGate } from './screenGate.ts';

/** A node of the frame's screens: made from nodes and text only (Trusted Types allow nothing else). */
export function screenElement<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

export interface ApprovalScreen {
  /** The screen: put it in the document, then call start(). */
  section: HTMLElement;
  /** True once Approve took a click the gate allowed; false on Reject, Escape, end(false) or the section leaving the document. */
  answer: Promise<boolean>;
  start(): void;
  /** Ends the screen with this answer (the first answer stands). */
  end(approved: boolean): void;
}

/**
 * The approval screen, one renderer for the frame's inline screen and the approval window (session
 * 23): who asks (the channel's origin), the network, the account and the decoded call, with Reject
 * and Approve. Approve takes only what createApprovalGate allows, fed by screenGate (shared with the
 * devices screen): the whole section's view (an IntersectionObserver v2 on the section, which
 * covers every part of it, and its size against the viewport), the pointer's moves over Approve and
 * Approve's focus; in the approval window (`windowFocus`) its window's focus too. `actions` go in the
 * footer before Reject.
 */
export function approvalScreen(summary: ApprovalSummary, options: { t?: Translate; now?: () => number; actions?: HTMLElement[]; windowFocus?: boolean } = {}): ApprovalScreen {
  const t = options.t ?? fill;
  const now = options.now ?? (() => performance.now());
  const list = (rows: ApprovalRow[], label: string) => {
    const dl = screenElement('dl', undefined, { 'aria-label': label });
    for (const row of rows) dl.append(screenElement('dt', row.label), screenElement('dd', row.value, row.code ? { class: 'code' } : {}));
    return dl;
  };
  const section = screenElement('section', undefined, { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'approval-title', class: 'approval' });
  const reject = screenElement('button', t('common.reject'), { type: 'button' });
  const approve = screenElement('button', t('common.approve'), { type: 'button', class: 'primary' });
  approve.disabled = true;
  const hint = screenElement('p', t(ApprovalScreenText.waiting), { class: 'hint', 'aria-live': 'polite' });
  const details = screenElement('div', undefined, { class: 'details' });
  details.append(list(summary.details, t('approval.details')));
  const footer = screenElement('footer');
  footer.append(hint, ...(options.actions ?? []), reject, approve);
  // Session 25: a statement to tick before Approve (RFC 8628 §5.4's "confirm the device is in your possession").
  const confirmed = summary.confirm === undefined ? undefined : screenElement('input', undefined, { type: 'checkbox', id: 'approval-confirm' });
  const confirmLabel = screenElement('label', undefined, { for: 'approval-confirm', class: 'choice confirm' });
  if (confirmed) confirmLabel.append(confirmed, summary.confirm!);
  section.append(
    screenElement('h1', summary.title, { id: 'approval-title' }),
    ...(summary.warning ? [screenElement('p', summary.warning, { class: 'warning', role: 'alert' })] : []),
    list(summary.context, t('approval.request')),
    details,
    ...(confirmed ? [confirmLabel] : []),
    footer,
  );

  // Why the last click on Approve was refused, while the screen stays as it was.
  let refusal: string | undefined;
  const refresh = () => {
    const state = gate.state();
    if (state !== 'ready') refusal = undefined;
    approve.disabled = state !== 'ready' || confirmed?.checked === false;
    const ready = confirmed?.checked === false ? t('approval.tickTheStatementFirst') : t(refusal ?? '');
    const text = state === 'ready' ? ready : t(state === 'hidden' || state === 'cropped' ? ApprovalScreenText[state] : ApprovalScreenText.waiting);
    // Only a change: the hint is a live region, and the tick re-announces nothing.
    if (hint.textContent !== text) hint.textContent = text;
  };
  let settle: (approved: boolean) => void = () => undefined;
  const answer = new Promise<boolean>((resolve) => (settle = resolve));
  let answered = false;
  const end = (approved: boolean) => {
    if (answered) return;
    answered = true;
    gate.stop();
    settle(approved);
  };
  // A screen that replaced this one (the section left the document) ends it as rejected.
  const gate = screenGate(section, () => (section.isConnected ? refresh() : end(false)), now, false, options.windowFocus ?? false);
  confirmed?.addEventListener('change', (event) => {
    // Only the user's own tick counts.
    if (!event.isTrusted) confirmed.checked = false;
    refresh();
  });
  gate.guard(
    approve,
    () => {
      if (confirmed?.checked !== false) end(true);
    },
    (reason) => {
      refusal = reason;
      refresh();
    },
  );
  // Rejecting is always safe; still only the user's own input does it.
  reject.addEventListener('click', (event) => {
    if (event.isTrusted) end(false);
  });
  section.addEventListener('keydown', (event) => {
    if (event.isTrusted && event.key === 'Escape') end(false);
  });
  return {
    section,
    answer,
    end,
    start() {
      if (answered) return;
      gate.start();
      // Focus goes to Reject, never Approve: a key pressed for the site must not approve.
      reject.focus({ preventScroll: true });
    },
  };
}
