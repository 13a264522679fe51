/** The parts of a window the messengers use, so both sides run on a real window or on a test's pair. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
}

export interface MessageListenerTarget {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** An origin as a page sees it: scheme://host[:port], or 'null' for an opaque one. */
export function isTupleOrigin(origin: string): boolean {
  if (origin === 'null') return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}
