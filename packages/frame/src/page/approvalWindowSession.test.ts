import { describe, expect, it, vi } from 'vitest';
import { answerMessage, readyMessage, revealMessage } from '../signing/approvalWindowMessages.ts';
import { approvalWindowSession } from './approvalWindowSession.ts';

const FRAME = 'https://frame.example';
const ID = '5b0f3c2e-7a41-4c1e-9d2b-3f6a1e8c9d10';
const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

/** The frame's window as the session uses it (its message events), and the windows it opens, each recording what it is sent. */
function frameWindow() {
  const events = new EventTarget();
  const opened: { posted: [unknown, string][]; closed: boolean; postMessage(data: unknown, origin: string): void; close(): void; focus(): void }[] = [];
  const open = (url: string) => {
    expect(url).toBe(`${FRAME}/approval.html`);
    const popup = {
      posted: [] as [unknown, string][],
      closed: false,
      postMessage(data: unknown, origin: string) {
        popup.posted.push([data, origin]);
      },
      close() {
        popup.closed = true;
      },
      focus() {},
    };
    opened.push(popup);
    return popup as unknown as Window;
  };
  const arrive = (data: unknown, origin: string, source: unknown) => events.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  return { self: events as unknown as Window, open, opened, arrive };
}

describe("the frame's side of one request in the approval window (session 24)", () => {
  it('sends the phrase only to the window it opened, once that window says it is ready, addressed to the frame origin only', async () => {
    const frame = frameWindow();
    const session = approvalWindowSession({ open: frame.open, self: frame.self, origin: FRAME, newId: () => ID }, (id) => revealMessage(id, PHRASE));
    // Nothing is sent before the window is opened and ready, nor to a ready from another window or origin.
    frame.arrive(readyMessage(), FRAME, {});
    expect(session.open()).toBe(true);
    const [popup] = frame.opened;
    frame.arrive(readyMessage(), 'https://site.example', popup);
    frame.arrive(readyMessage(), FRAME, {});
    expect(popup!.posted).toEqual([]);
    frame.arrive(readyMessage(), FRAME, popup);
    expect(popup!.posted).toEqual([[revealMessage(ID, PHRASE), FRAME]]);
    // Its Done ends the session and closes the window.
    frame.arrive(answerMessage(ID, true), FRAME, popup);
    expect(await session.answer).toEqual(answerMessage(ID, true));
    expect(popup!.closed).toBe(true);
    // Ended: a late ready gets nothing.
    frame.arrive(readyMessage(), FRAME, popup);
    expect(popup!.posted).toHaveLength(1);
  });

  it('answers nothing when the window is closed or the browser blocked it', async () => {
    vi.useFakeTimers();
    try {
      const frame = frameWindow();
      const session = approvalWindowSession({ open: frame.open, self: frame.self, origin: FRAME, newId: () => ID }, (id) => revealMessage(id, PHRASE));
      expect(session.open()).toBe(true);
      frame.opened[0]!.closed = true;
      await vi.advanceTimersByTimeAsync(300);
      expect(await session.answer).toBeUndefined();
      const blocked = approvalWindowSession({ open: () => null, self: frame.self, origin: FRAME, newId: () => ID }, (id) => revealMessage(id, PHRASE));
      expect(blocked.open()).toBe(false);
      blocked.end();
      expect(await blocked.answer).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
