import { fill, type Translate } from '@cairn/core/rules';
import { ApprovalText } from '../signing/approvalRequest.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { showMessage } from '../signing/approvalWindowMessages.ts';
import { screenElement } from './approvalScreen.ts';
import { approvalWindowSession, type ApprovalWindowOpener } from './approvalWindowSession.ts';

/** What the frame's screen says while a request waits in the approval window. */
export const ApprovalWindowText = {
  reviewThere: 'Review this request in a secure window of {origin}: no site can draw over it.',
  open: 'Open the secure window',
  showAgain: 'Show the secure window',
  waiting: 'Waiting for your answer in the secure window.',
  blocked: 'Your browser blocked the secure window: allow pop-ups for {origin}, then open it again.',
} as const;

/** The user's own choice, kept in the frame's storage (partitioned under the site: one choice per site). */
export interface SeparateWindowChoice {
  get(): boolean;
  set(alwaysSeparate: boolean): void;
}

export interface ApprovalWindowDeps extends ApprovalWindowOpener {
  /** The frame's language now (the page's `lang`). */
  locale(): string | undefined;
  choice: SeparateWindowChoice;
}

/**
 * The frame's side of the approval window (session 23): its screen in the frame says where the
 * request is; a trusted click opens the window (browsers open one only on the user's click), which
 * shows the request with the same renderer as the inline screen, out of the site's reach. The key
 * stays here: the window only answers approve or reject, and the frame takes that answer from that
 * window only (approvalWindowSession). The window closed, Reject here, or the site giving up: the
 * request is rejected. A blocked window is said so, and the request keeps waiting.
 */
export function approvalWindowPrompts(root: HTMLElement, onShow: (visible: boolean) => void, deps: ApprovalWindowDeps, t: Translate = fill) {
  const ask = (summary: ApprovalSummary, signal: AbortSignal, options: { openNow?: boolean } = {}) =>
    new Promise<boolean>((resolve, refuse) => {
      // The inline screen moving its request here leaves the root empty first.
      if (root.childElementCount > 0) return refuse(new Error(ApprovalText.busy));
      const session = approvalWindowSession(deps, (id) => showMessage(id, summary, deps.choice.get(), deps.locale()));
      const section = screenElement('section', undefined, { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'approval-title', class: 'approval-window' });
      const status = screenElement('p', '', { class: 'hint', 'aria-live': 'polite' });
      const reject = screenElement('button', t('common.reject'), { type: 'button' });
      const open = screenElement('button', t(ApprovalWindowText.open), { type: 'button', class: 'primary' });
      const footer = screenElement('footer');
      footer.append(status, reject, open);
      section.append(screenElement('h1', summary.title, { id: 'approval-title' }), screenElement('p', t(ApprovalWindowText.reviewThere, { origin: deps.origin })), footer);

      void session.answer.then((answer) => {
        if (answer?.alwaysSeparate !== undefined) deps.choice.set(answer.alwaysSeparate);
        if (section.isConnected) {
          section.remove();
          onShow(false);
        }
        resolve(answer?.approved === true);
      });
      const openWindow = () => {
        if (!session.open()) {
          status.textContent = t(ApprovalWindowText.blocked, { origin: deps.origin });
          return;
        }
        status.textContent = t(ApprovalWindowText.waiting);
        open.textContent = t(ApprovalWindowText.showAgain);
      };
      // Only the user's click opens it: a script's click would be blocked anyway, and is ignored.
      open.addEventListener('click', (event) => {
        if (event.isTrusted) openWindow();
      });
      reject.addEventListener('click', (event) => {
        if (event.isTrusted) session.end();
      });
      signal.addEventListener('abort', () => session.end(), { once: true });
      if (signal.aborted) return session.end();
      root.replaceChildren(section);
      onShow(true);
      if (options.openNow) openWindow();
      else open.focus({ preventScroll: true });
    });
  return { ask };
}

/** The user's choice in the frame's localStorage; a storage the browser refuses keeps the choice off. */
export function localSeparateWindowChoice(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): SeparateWindowChoice {
  const KEY = 'cairn.approvals.alwaysSeparateWindow';
  return {
    get: () => {
      try {
        return storage.getItem(KEY) === 'true';
      } catch {
        return false;
      }
    },
    set: (alwaysSeparate) => {
      try {
        if (alwaysSeparate) storage.setItem(KEY, 'true');
        else storage.removeItem(KEY);
      } catch {
        // The choice is not kept; the request itself was answered.
      }
    },
  };
}
