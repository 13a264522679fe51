import { fill, type Translate } from '@cairn/core/rules';
import { ApprovalText } from '../signing/approvalRequest.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { approvalScreen, screenElement } from './approvalScreen.ts';
import type { ApprovalPrompts } from './approvalRpc.ts';

/**
 * The frame's inline approval screen (the site never draws it, nor reads it): approvalScreen in the
 * frame's prompt root, shown while it is open. With `separate` (the approval window, session 23),
 * its footer offers 'Review in a secure window': the user's click moves this request there.
 */
export function domApprovalPrompts(
  root: HTMLElement,
  onShow: (visible: boolean) => void,
  t: Translate = fill,
  now: () => number = () => performance.now(),
  separate?: (summary: ApprovalSummary, signal: AbortSignal, options: { openNow: boolean }) => Promise<boolean>,
): ApprovalPrompts {
  return {
    t,
    ask: (summary, signal) =>
      new Promise<boolean>((resolve, refuse) => {
        // Another of the frame's screens (a recovery code) is open: it is not drawn over.
        if (root.childElementCount > 0) return refuse(new Error(ApprovalText.busy));
        const review = separate ? screenElement('button', t('approvalWindow.reviewInSecureWindow'), { type: 'button', class: 'link' }) : undefined;
        const screen = approvalScreen(summary, { t, now, ...(review ? { actions: [review] } : {}) });
        let moved = false;
        // Opening a window needs the click's activation: the window opens within this handler.
        review?.addEventListener('click', (event) => {
          if (!event.isTrusted || moved) return;
          moved = true;
          screen.end(false);
          screen.section.remove();
          resolve(separate!(summary, signal, { openNow: true }));
        });
        void screen.answer.then((approved) => {
          if (moved) return;
          // A screen that replaced this one keeps the frame shown.
          if (screen.section.isConnected) {
            screen.section.remove();
            onShow(false);
          }
          resolve(approved);
        });
        signal.addEventListener('abort', () => screen.end(false), { once: true });
        if (signal.aborted) return screen.end(false);
        root.replaceChildren(screen.section);
        onShow(true);
        screen.start();
      }),
  };
}
