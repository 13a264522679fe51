import type { ScreenView } from './screenView.ts';

/** How long the whole approval screen must have been seen, unbroken, before Approve takes a click (clickjacking). */
export const APPROVE_VISIBLE_MS = 500;

/** What the approval screen tells the user while Approve does not take a click, and why. */
export const ApprovalScreenText = {
  waiting: 'Approve can be clicked once this screen has been visible for a moment.',
  hidden: 'Part of this request is hidden. Move anything covering it and try again.',
  cropped: 'This screen is cut off, so part of the request cannot be seen. Make the window larger and try again.',
  moveFirst: 'Move the pointer onto Approve, then click it.',
  /** moveFirst for a gated button other than Approve (the devices screen's Remove). */
  moveOntoButton: 'Move the pointer onto the button, then click it.',
} as const;

export interface ActivationEvent {
  isTrusted: boolean;
  /** 'mouse', 'pen' or 'touch' for a pointer; '' for a click made from the keyboard. */
  pointerType?: string;
}

/** A pointer event on the screen, in the frame's coordinates: a move (`pointermove`) or a press (`pointerdown`). */
export interface PointerPosition {
  isTrusted: boolean;
  pointerType: string;
  press: boolean;
  x: number;
  y: number;
}

/** Approve's box when the pointer event came. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type GateState = 'unseen' | 'hidden' | 'cropped' | 'waiting' | 'ready';

export type ApprovalVerdict = { approve: true } | { approve: false; reason?: string };

const POINTER_TYPES = new Set(['mouse', 'pen', 'touch']);
const inside = ({ x, y }: PointerPosition, box: Box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;

/**
 * The approve button's rule, fed by the screen's observers. Times are the caller's clock
 * (performance.now()).
 *
 * - Only events the browser made from the user's input (`isTrusted`: no script, the site's
 *   included, can make one).
 * - Only after the whole screen (title, site, network, account, the call, the buttons) has been
 *   seen (screenView 'visible') for APPROVE_VISIBLE_MS without interruption; anything covering,
 *   fading or cropping any part of it restarts the wait.
 * - A pointer click counts only after the pointer moved over Approve once it took clicks (for touch,
 *   which has no hover, the press on it): a click under a pointer that rested where the screen
 *   appeared, or where the site moved the frame, is refused.
 * - A keyboard click (pointerType '') counts only when Approve has also held the focus for the same
 *   wait: the frame never focuses Approve itself and the site cannot focus an element inside the
 *   frame's document, so the user moved there (Tab) while the screen was visible, and a keystroke
 *   meant for the site (typed while the screen popped up) lands before the wait is over.
 */
export function createApprovalGate(visibleMs = APPROVE_VISIBLE_MS) {
  let view: ScreenView | undefined;
  let visibleSince: number | undefined;
  let focusedSince: number | undefined;
  let pointerOverAt: number | undefined;
  const held = (since: number | undefined, now: number) => since !== undefined && now - since >= visibleMs;

  const gate = {
    /** The screen's latest view, from its observers. */
    seen(next: ScreenView, now: number) {
      view = next;
      if (next === 'visible') {
        visibleSince ??= now;
        return;
      }
      visibleSince = undefined;
      pointerOverAt = undefined;
    },
    focused(now: number) {
      focusedSince ??= now;
    },
    blurred() {
      focusedSince = undefined;
    },
    /** A pointer event on the screen; a move (or a touch press) counts when trusted, inside Approve's box, once Approve took clicks. */
    pointerOver(position: PointerPosition, approveBox: Box, now: number) {
      const over = position.press ? position.pointerType === 'touch' : true;
      if (over && position.isTrusted && inside(position, approveBox) && held(visibleSince, now)) pointerOverAt ??= now;
    },
    state(now: number): GateState {
      if (view === undefined || view === 'visible') return held(visibleSince, now) ? 'ready' : view === undefined ? 'unseen' : 'waiting';
      return view;
    },
    judge(event: ActivationEvent, now: number): ApprovalVerdict {
      if (!event.isTrusted) return { approve: false };
      const state = gate.state(now);
      if (state !== 'ready') return { approve: false, reason: state === 'hidden' || state === 'cropped' ? ApprovalScreenText[state] : ApprovalScreenText.waiting };
      if (event.pointerType !== undefined && POINTER_TYPES.has(event.pointerType)) return pointerOverAt === undefined ? { approve: false, reason: ApprovalScreenText.moveFirst } : { approve: true };
      return event.pointerType === '' && held(focusedSince, now) ? { approve: true } : { approve: false };
    },
  };
  return gate;
}
