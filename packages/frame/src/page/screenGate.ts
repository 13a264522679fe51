import { gatedButtons } from '../signing/gatedButtons.ts';
import { screenView } from '../signing/screenView.ts';

/** Chromium's IntersectionObserver v2: `isVisible` also accounts for opacity, filters, transforms and anything painted over the target. */
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

export interface ScreenGate {
  /** `button` acts only through the gate: `act` runs on a click it allows; `refused` hears why it did not. */
  guard(button: HTMLButtonElement, act: () => void, refused: (reason: string | undefined) => void): void;
  /** The screen's state now ('ready' when every guarded button takes a click). */
  state(): ReturnType<ReturnType<typeof gatedButtons>['state']>;
  /** Starts watching; call once the section is in the document. */
  start(): void;
  stop(): void;
}

/**
 * The approval gate's wiring for a screen of the frame (the approval screen, the devices screen):
 * an IntersectionObserver v2 on the whole section (anything painted over, faded or cropped), its
 * size against the frame's viewport, the pointer's trusted moves over each guarded button and the
 * button's focus, fed to gatedButtons; a click on a guarded button acts only when its gate allows.
 * A guarded button is disabled while its gate is not ready. `onChange` hears each new reading (and
 * a 50 ms tick: the wait ends with no event of its own).
 * `windowFocus` (the approval window, a top-level page): the screen counts as hidden while its window
 * does not have the focus, so a window put over it (which IntersectionObserver cannot see) and
 * taken away just before a click leaves the wait to run again.
 */
export function screenGate(section: HTMLElement, onChange: () => void, now: () => number = () => performance.now(), region = false, windowFocus = false): ScreenGate {
  const gates = gatedButtons();
  const buttons = new Map<string, HTMLButtonElement>();
  let seen: VisibilityEntry | undefined;
  let ticking: ReturnType<typeof setInterval> | undefined;
  /** A guarded button takes clicks only once its gate is ready (unless it is busy with its own action: aria-busy). */
  const changed = () => {
    const at = now();
    for (const [id, button] of buttons) {
      if (!button.isConnected) {
        buttons.delete(id);
        gates.remove(id);
      } else if (button.getAttribute('aria-busy') !== 'true') button.disabled = gates.stateOf(id, at) !== 'ready';
    }
    onChange();
  };
  const look = () => {
    if (!seen) return changed();
    const page = document.documentElement;
    const view = screenView({
        ...(seen.isVisible !== undefined ? { isVisible: seen.isVisible } : {}),
        boundingClientRect: seen.boundingClientRect,
        intersectionRect: seen.intersectionRect,
        // A region of a screen that scrolls (the devices screen's list, a found device) must fit and be in view; a whole screen must fit the frame.
        needed: region ? { width: section.scrollWidth, height: section.scrollHeight } : { width: Math.max(section.scrollWidth, page.scrollWidth), height: Math.max(section.scrollHeight, page.scrollHeight) },
        viewport: { width: page.clientWidth, height: page.clientHeight },
    });
    gates.seen(windowFocus && view === 'visible' && !document.hasFocus() ? 'hidden' : view, now());
    changed();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      seen = entries.at(-1) as VisibilityEntry;
      look();
    },
    { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  );
  // A frame made smaller (or content that grows) changes no intersection: sizes are watched too.
  const resizes = new ResizeObserver(look);
  const pointer = (event: PointerEvent) => {
    const position = { isTrusted: event.isTrusted, pointerType: event.pointerType, press: event.type === 'pointerdown', x: event.clientX, y: event.clientY };
    gates.pointer(position, (id) => buttons.get(id)?.getBoundingClientRect(), now());
  };
  let next = 0;
  return {
    guard(button, act, refused) {
      const id = String(next++);
      buttons.set(id, button);
      gates.add(id, now());
      button.disabled = true;
      button.addEventListener('focus', () => gates.focused(id, now()));
      button.addEventListener('blur', () => gates.blurred(id));
      button.addEventListener('click', (event) => {
        // A button taken off the screen (a list redrawn) no longer acts.
        if (!button.isConnected) return gates.remove(id);
        const pointerType = 'pointerType' in event ? String((event as PointerEvent).pointerType) : undefined;
        look();
        const verdict = gates.judge(id, { isTrusted: event.isTrusted, ...(pointerType !== undefined ? { pointerType } : {}) }, now());
        if (verdict.approve) act();
        // An untrusted click (a script's) is ignored without a word, as before.
        else if (event.isTrusted) refused(verdict.reason);
      });
    },
    state: () => gates.state(now()),
    start() {
      section.addEventListener('pointermove', pointer);
      section.addEventListener('pointerdown', pointer);
      ticking = setInterval(changed, 50);
      observer.observe(section);
      for (const watched of [document.documentElement, section, ...section.children]) resizes.observe(watched);
      if (windowFocus) for (const type of ['focus', 'blur'] as const) window.addEventListener(type, look);
    },
    stop() {
      observer.disconnect();
      resizes.disconnect();
      clearInterval(ticking);
      section.removeEventListener('pointermove', pointer);
      section.removeEventListener('pointerdown', pointer);
      for (const type of ['focus', 'blur'] as const) window.removeEventListener(type, look);
    },
  };
}
