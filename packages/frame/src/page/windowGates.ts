import type { Translate } from '@cairn/core/rules';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { decisionMessage } from '../signing/approvalWindowMessages.ts';
import { ApprovalWindowText } from './approvalWindowPrompts.ts';
import { approvalWindowSession, type ApprovalWindowOpener, type ApprovalWindowSession } from './approvalWindowSession.ts';

/** The approval window's opener, with the frame's language now (the page's `lang`). */
export interface DecisionWindowOpener extends ApprovalWindowOpener {
  locale(): string | undefined;
}

/**
 * regionGates' counterpart where the operator put approvals in the approval window (session 24):
 * a decision of the devices screen or the Farcaster confirmation (a new device's Approve, Remove,
 * 'Sign out everywhere else', Continue) is taken in the approval window, never by a click in the
 * frame, which a site can clip around a decoy. The button's trusted click only opens the window,
 * showing `asked()` (exactly what is decided: the device's code, the account), and the action runs
 * only on the window's Approve, itself behind the gate in a page no site can draw on. Closing the
 * window or its Reject does nothing. `gateHint` says where the decision waits, or that the browser
 * blocked the window. One decision at a time: another button's click ends the one waiting.
 */
export function windowGates(gateHint: HTMLElement, t: Translate, opener: DecisionWindowOpener) {
  let waiting: { button: HTMLButtonElement; session: ApprovalWindowSession } | undefined;
  const say = (text: string) => {
    if (gateHint.textContent !== text) gateHint.textContent = text;
  };
  const stopAll = () => waiting?.session.end();
  const gatedClick = (element: HTMLButtonElement, action: () => void, _refused: (reason: string | undefined) => void, _region: HTMLElement, asked: () => ApprovalSummary) =>
    element.addEventListener('click', (event) => {
      if (!event.isTrusted) return;
      // The same button again: its window to the front (opened again if the browser blocked it).
      if (waiting?.button === element) {
        if (!waiting.session.open()) say(t(ApprovalWindowText.blocked, { origin: opener.origin }));
        return;
      }
      waiting?.session.end();
      const session = approvalWindowSession(opener, (id) => decisionMessage(id, asked(), opener.locale()));
      const mine = { button: element, session };
      waiting = mine;
      void session.answer.then((answer) => {
        if (waiting === mine) {
          waiting = undefined;
          say('');
        }
        if (answer?.approved === true) action();
      });
      say(t(session.open() ? ApprovalWindowText.waiting : ApprovalWindowText.blocked, { origin: opener.origin }));
    });
  return { gatedClick, stopAll };
}
