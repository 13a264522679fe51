import { fill, type Translate } from '@cairn/core/rules';
import { ApprovalScreenText } from '../signing/approvalGate.ts';
import { ApprovalText } from '../signing/approvalRequest.ts';
import type { ApprovalRow } from '../signing/approvalSummary.ts';
import type { ApprovalPrompts } from './approvalRpc.ts';
import { screenGate } from './screenGate.ts';

/**
 * The frame's approval screen (the site never draws it, nor reads it): who asks (the channel's
 * origin), the network, the account and the decoded call, with Reject and Approve. Approve takes
 * only what createApprovalGate allows, fed by screenGate (shared with the devices screen): the whole section's view (screenView, from an
 * IntersectionObserver v2 on the section, which covers every part of it, and its size against the
 * frame's viewport), the pointer's moves over Approve and Approve's focus.
 */
export function domApprovalPrompts(root: HTMLElement, onShow: (visible: boolean) => void, t: Translate = fill, now: () => number = () => performance.now()): ApprovalPrompts {
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attributes: Record<string, string> = {}) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  };
  const list = (rows: ApprovalRow[], label: string) => {
    const dl = element('dl', undefined, { 'aria-label': label });
    for (const row of rows) dl.append(element('dt', row.label), element('dd', row.value, row.code ? { class: 'code' } : {}));
    return dl;
  };

  return {
    t,
    ask: (summary, signal) =>
      new Promise<boolean>((resolve, refuse) => {
        // Another of the frame's screens (a recovery code) is open: it is not drawn over.
        if (root.childElementCount > 0) return refuse(new Error(ApprovalText.busy));
        const section = element('section', undefined, { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'approval-title', class: 'approval' });
        const reject = element('button', t('common.reject'), { type: 'button' });
        const approve = element('button', t('common.approve'), { type: 'button', class: 'primary' });
        approve.disabled = true;
        const hint = element('p', t(ApprovalScreenText.waiting), { class: 'hint', 'aria-live': 'polite' });
        section.append(
          element('h1', summary.title, { id: 'approval-title' }),
          ...(summary.warning ? [element('p', summary.warning, { class: 'warning', role: 'alert' })] : []),
          list(summary.context, t('approval.request')),
          element('div', undefined, { class: 'details' }),
          element('footer'),
        );
        section.querySelector('.details')!.append(list(summary.details, t('approval.details')));
        section.querySelector('footer')!.append(hint, reject, approve);

        // Why the last click on Approve was refused, while the screen stays as it was.
        let refusal: string | undefined;
        const refresh = () => {
          const state = gate.state();
          if (state !== 'ready') refusal = undefined;
          approve.disabled = state !== 'ready';
          const text = t(state === 'ready' ? (refusal ?? '') : state === 'hidden' || state === 'cropped' ? ApprovalScreenText[state] : ApprovalScreenText.waiting);
          // Only a change: the hint is a live region, and the tick re-announces nothing.
          if (hint.textContent !== text) hint.textContent = text;
        };
        let answered = false;
        // A screen that replaced this one (the section left the document) ends it as rejected.
        const gate = screenGate(section, () => (section.isConnected ? refresh() : finish(false)), now);
        const finish = (approved: boolean) => {
          if (answered) return;
          answered = true;
          gate.stop();
          // A screen that replaced this one keeps the frame shown.
          if (section.isConnected) {
            section.remove();
            onShow(false);
          }
          resolve(approved);
        };
        gate.guard(
          approve,
          () => finish(true),
          (reason) => {
            refusal = reason;
            refresh();
          },
        );
        // Rejecting is always safe; still only the user's own input does it.
        reject.addEventListener('click', (event) => {
          if (event.isTrusted) finish(false);
        });
        section.addEventListener('keydown', (event) => {
          if (event.isTrusted && event.key === 'Escape') finish(false);
        });
        signal.addEventListener('abort', () => finish(false), { once: true });
        if (signal.aborted) return finish(false);

        root.replaceChildren(section);
        onShow(true);
        gate.start();
        // Focus goes to Reject, never Approve: a key pressed for the site must not approve.
        reject.focus({ preventScroll: true });
      }),
  };
}
