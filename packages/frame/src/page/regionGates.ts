import type { Translate } from '@cairn/core/rules';
import { ApprovalScreenText } from '../signing/approvalGate.ts';
import { screenGate, type ScreenGate } from './screenGate.ts';

/**
 * The approval gate's wiring for a screen of the recovery kind (the devices screen, the Farcaster
 * confirmation): one screenGate per region a guarded button acts on (the list for Remove, a found
 * device for its Approve, the account shown for Continue), each region seen whole before its
 * buttons take a click; `gateHint` says the worst state of the regions shown now. Stops every gate
 * once the section leaves the document.
 */
export function regionGates(section: HTMLElement, gateHint: HTMLElement, t: Translate) {
  const gates = new Map<HTMLElement, ScreenGate>();
  const stopAll = () => {
    for (const gate of gates.values()) gate.stop();
  };
  const changed = () => {
    if (!section.isConnected) return stopAll();
    // A region not shown now (the found device, once answered) says nothing.
    const states = [...gates].filter(([region]) => !region.hidden).map(([, gate]) => gate.state());
    const state = (['hidden', 'cropped', 'unseen', 'waiting'] as const).find((worst) => states.includes(worst)) ?? 'ready';
    const hint = state === 'ready' ? '' : t(state === 'hidden' || state === 'cropped' ? ApprovalScreenText[state] : ApprovalScreenText.waiting);
    // Only a change: the hint is a live region.
    if (gateHint.textContent !== hint) gateHint.textContent = hint;
  };
  const gatedClick = (element: HTMLButtonElement, action: () => void, refused: (reason: string | undefined) => void, region: HTMLElement) => {
    let gate = gates.get(region);
    if (!gate) {
      const made = screenGate(region, changed, undefined, true);
      gates.set(region, made);
      // The section is in the document once the screen is drawn.
      queueMicrotask(() => made.start());
      gate = made;
    }
    gate.guard(element, action, refused);
  };
  return { gatedClick, stopAll };
}
