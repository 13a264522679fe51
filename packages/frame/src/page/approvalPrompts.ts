import { createApprovalGate } from '../signing/approvalGate.ts';
import { ApprovalText } from '../signing/approvalRequest.ts';
import type { ApprovalRow, ApprovalSummary } from '../signing/approvalSummary.ts';
import type { ApprovalPrompts } from './approvalRpc.ts';

/** Chromium's IntersectionObserver v2: `isVisible` also accounts for opacity, filters, transforms and anything painted over the target. */
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/**
 * The frame's approval screen (the site never draws it, nor reads it): who asks (the channel's
 * origin), the network, the account and the decoded call, with Reject and Approve. Approve takes
 * only what createApprovalGate allows: trusted input, after the button was fully visible for a
 * moment (IntersectionObserver v2 where the browser has it, so a site that covers or fades the
 * frame restarts the wait; elsewhere fully inside the viewport).
 */
export function domApprovalPrompts(root: HTMLElement, onShow: (visible: boolean) => void, now: () => number = () => performance.now()): ApprovalPrompts {
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
    ask: (summary, signal) =>
      new Promise<boolean>((resolve, refuse) => {
        // Another of the frame's screens (a recovery code) is open: it is not drawn over.
        if (root.childElementCount > 0) return refuse(new Error(ApprovalText.busy));
        const section = element('section', undefined, { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'approval-title', class: 'approval' });
        const reject = element('button', 'Reject', { type: 'button' });
        const approve = element('button', 'Approve', { type: 'button', class: 'primary' });
        approve.disabled = true;
        const hint = element('p', 'Approve can be clicked once this screen has been visible for a moment.', { class: 'hint', 'aria-live': 'polite' });
        section.append(
          element('h1', summary.title, { id: 'approval-title' }),
          list(summary.context, 'Request'),
          element('div', undefined, { class: 'details' }),
          element('footer'),
        );
        section.querySelector('.details')!.append(list(summary.details, 'Details'));
        section.querySelector('footer')!.append(hint, reject, approve);

        const gate = createApprovalGate();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const refresh = () => {
          clearTimeout(timer);
          const wait = gate.waitMs(now());
          approve.disabled = wait !== 0;
          hint.hidden = wait === 0;
          if (wait) timer = setTimeout(refresh, wait);
        };
        const observer = new IntersectionObserver(
          (entries) => {
            if (!section.isConnected) return finish(false);
            for (const entry of entries as VisibilityEntry[]) {
              const visible = entry.isVisible ?? (entry.isIntersecting && entry.intersectionRatio >= 0.999);
              if (visible) gate.visible(now());
              else gate.hidden();
            }
            refresh();
          },
          { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
        );

        let answered = false;
        const finish = (approved: boolean) => {
          if (answered) return;
          answered = true;
          observer.disconnect();
          clearTimeout(timer);
          // A screen that replaced this one keeps the frame shown.
          if (section.isConnected) {
            section.remove();
            onShow(false);
          }
          resolve(approved);
        };
        approve.addEventListener('focus', () => gate.focused(now()));
        approve.addEventListener('blur', () => gate.blurred());
        approve.addEventListener('click', (event) => {
          const pointerType = 'pointerType' in event ? String((event as PointerEvent).pointerType) : undefined;
          if (gate.accepts({ isTrusted: event.isTrusted, ...(pointerType !== undefined ? { pointerType } : {}) }, now())) finish(true);
        });
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
        observer.observe(approve);
        // Focus goes to Reject, never Approve: a key pressed for the site must not approve.
        reject.focus({ preventScroll: true });
      }),
  };
}
