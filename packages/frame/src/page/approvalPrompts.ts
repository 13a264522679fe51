import { fill, type Translate } from '@cairn/core/rules';
import { ApprovalScreenText, createApprovalGate } from '../signing/approvalGate.ts';
import { ApprovalText } from '../signing/approvalRequest.ts';
import type { ApprovalRow } from '../signing/approvalSummary.ts';
import { screenView } from '../signing/screenView.ts';
import type { ApprovalPrompts } from './approvalRpc.ts';

/** Chromium's IntersectionObserver v2: `isVisible` also accounts for opacity, filters, transforms and anything painted over the target. */
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/**
 * The frame's approval screen (the site never draws it, nor reads it): who asks (the channel's
 * origin), the network, the account and the decoded call, with Reject and Approve. Approve takes
 * only what createApprovalGate allows, fed here: the whole section's view (screenView, from an
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

        const gate = createApprovalGate();
        // Why the last click on Approve was refused, while the screen stays as it was.
        let refusal: string | undefined;
        const refresh = () => {
          const state = gate.state(now());
          if (state !== 'ready') refusal = undefined;
          approve.disabled = state !== 'ready';
          const text = t(state === 'ready' ? (refusal ?? '') : state === 'hidden' || state === 'cropped' ? ApprovalScreenText[state] : ApprovalScreenText.waiting);
          // Only a change: the hint is a live region, and the tick below would re-announce it.
          if (hint.textContent !== text) hint.textContent = text;
        };
        // The wait ends with no event of its own: a steady tick, since one timer of the exact wait can come back a fraction of a millisecond early.
        const ticking = setInterval(refresh, 50);
        let seen: VisibilityEntry | undefined;
        const look = () => {
          if (!seen) return;
          const page = document.documentElement;
          gate.seen(
            screenView({
              ...(seen.isVisible !== undefined ? { isVisible: seen.isVisible } : {}),
              boundingClientRect: seen.boundingClientRect,
              intersectionRect: seen.intersectionRect,
              needed: { width: Math.max(section.scrollWidth, page.scrollWidth), height: Math.max(section.scrollHeight, page.scrollHeight) },
              viewport: { width: page.clientWidth, height: page.clientHeight },
            }),
            now(),
          );
          refresh();
        };
        const observer = new IntersectionObserver(
          (entries) => {
            if (!section.isConnected) return finish(false);
            seen = entries.at(-1) as VisibilityEntry;
            look();
          },
          { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
        );
        // A frame made smaller (or content that grows) changes no intersection: sizes are watched too.
        const resizes = new ResizeObserver(look);
        const pointer = (event: PointerEvent) => {
          gate.pointerOver({ isTrusted: event.isTrusted, pointerType: event.pointerType, press: event.type === 'pointerdown', x: event.clientX, y: event.clientY }, approve.getBoundingClientRect(), now());
        };
        section.addEventListener('pointermove', pointer);
        section.addEventListener('pointerdown', pointer);

        let answered = false;
        const finish = (approved: boolean) => {
          if (answered) return;
          answered = true;
          observer.disconnect();
          resizes.disconnect();
          clearInterval(ticking);
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
          look();
          const verdict = gate.judge({ isTrusted: event.isTrusted, ...(pointerType !== undefined ? { pointerType } : {}) }, now());
          if (verdict.approve) return finish(true);
          refusal = verdict.reason;
          refresh();
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
        observer.observe(section);
        for (const watched of [document.documentElement, section, ...section.children]) resizes.observe(watched);
        // Focus goes to Reject, never Approve: a key pressed for the site must not approve.
        reject.focus({ preventScroll: true });
      }),
  };
}
