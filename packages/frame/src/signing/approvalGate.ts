/** How long the approve button must have been fully visible before it takes a click (clickjacking). */
export const APPROVE_VISIBLE_MS = 500;

export interface ActivationEvent {
  isTrusted: boolean;
  /** 'mouse', 'pen' or 'touch' for a pointer; '' for a click made from the keyboard. */
  pointerType?: string;
}

/**
 * The approve button's rule: it takes only events the browser made from the user's input
 * (`isTrusted`: a script, the site's included, cannot make one), and only after the button has been
 * fully visible for APPROVE_VISIBLE_MS without interruption; hiding it restarts the wait. Times are
 * the caller's clock (performance.now()).
 *
 * A pointer (mouse, pen, touch) activates it after that wait. The keyboard (a click whose
 * pointerType is '') does too, but only when the button has also held the focus for the same wait:
 * the frame never focuses Approve itself and the site cannot focus an element inside the frame's
 * document, so the user moved there (Tab) while the screen was visible, and a keystroke meant for
 * the site (typed while the screen popped up) lands before the wait is over and is refused.
 */
export function createApprovalGate(visibleMs = APPROVE_VISIBLE_MS) {
  let visibleSince: number | undefined;
  let focusedSince: number | undefined;
  const held = (since: number | undefined, now: number) => since !== undefined && now - since >= visibleMs;
  return {
    visible(now: number) {
      visibleSince ??= now;
    },
    hidden() {
      visibleSince = undefined;
    },
    focused(now: number) {
      focusedSince ??= now;
    },
    blurred() {
      focusedSince = undefined;
    },
    /** Milliseconds until the button may take a click (0 when it may), or undefined while hidden. */
    waitMs(now: number): number | undefined {
      return visibleSince === undefined ? undefined : Math.max(0, visibleSince + visibleMs - now);
    },
    accepts(event: ActivationEvent, now: number): boolean {
      if (!event.isTrusted || !held(visibleSince, now)) return false;
      if (event.pointerType === 'mouse' || event.pointerType === 'pen' || event.pointerType === 'touch') return true;
      return event.pointerType === '' && held(focusedSince, now);
    },
  };
}
