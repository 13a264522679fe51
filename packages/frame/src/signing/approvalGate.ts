/** How long the approve button must have been fully visible before it takes a click (clickjacking). */
export const APPROVE_VISIBLE_MS = 500;

export interface ActivationEvent {
  isTrusted: boolean;
  /** 'mouse', 'pen' or 'touch' for a pointer; '' for a click made from the keyboard. */
  pointerType?: string;
}

/**
 * The approve button's rule: it takes only events the browser made from the user's input
 * (`isTrusted`: a script, the site's included, cannot make one), from a pointer, and only after the
 * button has been fully visible for APPROVE_VISIBLE_MS without interruption; hiding it restarts
 * the wait. Times are the caller's clock (performance.now()).
 */
export function createApprovalGate(visibleMs = APPROVE_VISIBLE_MS) {
  let visibleSince: number | undefined;
  return {
    visible(now: number) {
      visibleSince ??= now;
    },
    hidden() {
      visibleSince = undefined;
    },
    /** Milliseconds until the button may take a click (0 when it may), or undefined while hidden. */
    waitMs(now: number): number | undefined {
      return visibleSince === undefined ? undefined : Math.max(0, visibleSince + visibleMs - now);
    },
    accepts(event: ActivationEvent, now: number): boolean {
      if (!event.isTrusted) return false;
      if (event.pointerType !== 'mouse' && event.pointerType !== 'pen' && event.pointerType !== 'touch') return false;
      return visibleSince !== undefined && now - visibleSince >= visibleMs;
    },
  };
}
