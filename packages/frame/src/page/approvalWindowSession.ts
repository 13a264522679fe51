import { APPROVAL_WINDOW_PATH, approvalWindowAnswers, type ApprovalWindowAnswer, type ApprovalWindowRequest, type ReceivedMessage } from '../signing/approvalWindowMessages.ts';

/** What the frame needs to open its approval window and hear it. */
export interface ApprovalWindowOpener {
  /** Opens the approval window; null when the browser blocked it. */
  open(url: string): Window | null;
  /** The frame's own window, where the approval window's messages arrive. */
  self: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The frame's origin: the approval window's, the only one whose messages count. */
  origin: string;
  newId?(): string;
}

// How often the frame looks whether the user closed the window (closing it answers no).
const CLOSED_POLL_MS = 250;

export interface ApprovalWindowSession {
  /** Opens the window, or brings it to the front; false when the browser blocked it. Call within the user's click. */
  open(): boolean;
  /** The window's one answer; undefined when it was closed or the session ended first. */
  answer: Promise<ApprovalWindowAnswer | undefined>;
  /** Ends the request here: closes the window; the answer is undefined unless one came first. */
  end(): void;
}

/**
 * One request in the approval window, the frame's side (sessions 23–24): the window the frame opens
 * gets `request(id)` when it says it is ready (posted to the frame's own origin only, to the window
 * the frame opened only), and its answer counts only from that window, for that id, once
 * (approvalWindowAnswers). The id is random per request. Closing the window is an answer of no.
 */
export function approvalWindowSession(deps: ApprovalWindowOpener, request: (id: string) => ApprovalWindowRequest): ApprovalWindowSession {
  const id = (deps.newId ?? (() => crypto.randomUUID()))();
  let popup: Window | null = null;
  const answers = approvalWindowAnswers({ window: () => popup, origin: deps.origin, id });
  let polling: ReturnType<typeof setInterval> | undefined;
  let settle: (answer: ApprovalWindowAnswer | undefined) => void = () => undefined;
  const answer = new Promise<ApprovalWindowAnswer | undefined>((resolve) => (settle = resolve));
  let ended = false;
  const finish = (result: ApprovalWindowAnswer | undefined) => {
    if (ended) return;
    ended = true;
    clearInterval(polling);
    deps.self.removeEventListener('message', listen);
    if (popup && !popup.closed) popup.close();
    settle(result);
  };
  const listen = (event: MessageEvent) => {
    const message: ReceivedMessage = { data: event.data, origin: event.origin, source: event.source };
    // The window loaded (or reloaded): it gets the request, posted to this origin only.
    if (answers.ready(message)) return popup?.postMessage(request(id), deps.origin);
    const answered = answers.answer(message);
    if (answered) finish(answered);
  };
  deps.self.addEventListener('message', listen);
  return {
    answer,
    end: () => finish(undefined),
    open() {
      if (ended) return false;
      if (popup && !popup.closed) {
        popup.focus();
        return true;
      }
      popup = deps.open(new URL(APPROVAL_WINDOW_PATH, deps.origin).href);
      if (!popup) return false;
      clearInterval(polling);
      polling = setInterval(() => {
        if (popup?.closed) finish(undefined);
      }, CLOSED_POLL_MS);
      return true;
    },
  };
}
