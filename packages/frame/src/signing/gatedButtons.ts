import { ApprovalScreenText, createApprovalGate, type ActivationEvent, type Box, type GateState, type PointerPosition } from './approvalGate.ts';
import type { ScreenView } from './screenView.ts';

/**
 * The approval gate for a screen with several buttons that act (the approval screen's Approve; the
 * devices screen's Approve and each Remove): one createApprovalGate per button, all fed the same
 * view of the whole screen, each its own pointer moves and focus. A button added later (a found
 * device's Approve) starts its own wait then, from the screen's current view. No DOM here: the
 * page's observers feed it (screenGate.ts).
 */
export function gatedButtons(visibleMs?: number) {
  const gates = new Map<string, ReturnType<typeof createApprovalGate>>();
  let view: { seen: ScreenView; at: number } | undefined;
  const gateOf = (button: string, now: number) => {
    let gate = gates.get(button);
    if (!gate) {
      gate = createApprovalGate(visibleMs);
      if (view) gate.seen(view.seen, now);
      gates.set(button, gate);
    }
    return gate;
  };
  return {
    /** A button that acts through the gate; its wait starts now. */
    add(button: string, now: number) {
      gateOf(button, now);
    },
    remove(button: string) {
      gates.delete(button);
    },
    seen(seen: ScreenView, now: number) {
      view = { seen, at: now };
      for (const gate of gates.values()) gate.seen(seen, now);
    },
    /** A trusted pointer event on the screen; `boxOf` gives each button's box at that moment. */
    pointer(position: PointerPosition, boxOf: (button: string) => Box | undefined, now: number) {
      for (const [button, gate] of gates) {
        const box = boxOf(button);
        if (box) gate.pointerOver(position, box, now);
      }
    },
    focused(button: string, now: number) {
      gateOf(button, now).focused(now);
    },
    blurred(button: string) {
      gates.get(button)?.blurred();
    },
    stateOf(button: string, now: number): GateState {
      return gates.get(button)?.state(now) ?? 'unseen';
    },
    /** The screen's state as the hint says it: hidden and cropped first, then the longest wait left. */
    state(now: number): GateState {
      const states = [...gates.values()].map((gate) => gate.state(now));
      if (states.length === 0) return view === undefined ? 'unseen' : view.seen === 'visible' ? 'ready' : view.seen;
      for (const worst of ['hidden', 'cropped', 'unseen', 'waiting'] as const) if (states.includes(worst)) return worst;
      return 'ready';
    },
    /** Whether the click on `button` acts, and the screen's reason when it does not. */
    judge(button: string, event: ActivationEvent, now: number) {
      const gate = gates.get(button);
      if (!gate) return { approve: false as const, reason: ApprovalScreenText.waiting };
      return gate.judge(event, now);
    },
  };
}

export type GatedButtons = ReturnType<typeof gatedButtons>;
