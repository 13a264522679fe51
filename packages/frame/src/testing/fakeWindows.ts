import type { MessageListenerTarget, MessageTarget } from '../protocol/messaging.ts';

export type WindowHandle = MessageTarget & { window: FakeWindow };

/**
 * Two windows in one process, delivering postMessage as a browser does: dropped when the target
 * origin does not match the receiver's, delivered asynchronously as a structured clone, with the
 * sender's origin and window as `origin` and `source`, and transferred ports in `ports`.
 */
export class FakeWindow implements MessageListenerTarget {
  private readonly events = new EventTarget();
  readonly posted: { targetOrigin: string; message: unknown }[] = [];
  parent: FakeWindow;

  constructor(readonly origin: string, parent?: FakeWindow) {
    this.parent = parent ?? this;
  }

  private readonly handles = new Map<FakeWindow, WindowHandle>();

  /**
   * The handle a script in `sender` holds on this window (one object per pair, as a WindowProxy):
   * what it calls postMessage on, and what this window's messages from `sender` carry as `source`.
   */
  from(sender: FakeWindow): WindowHandle {
    const known = this.handles.get(sender);
    if (known) return known;
    const handle: WindowHandle = {
      window: this,
      postMessage: (message, targetOrigin, transfer = []) => {
        this.posted.push({ targetOrigin, message });
        if (targetOrigin !== '*' && targetOrigin !== this.origin) return;
        // The ports travel beside the data (as event.ports), not inside it.
        const data = structuredClone(message);
        const ports = transfer.filter((item): item is MessagePort => item instanceof MessagePort);
        setTimeout(() => this.deliver(data, sender.origin, sender.from(this), ports), 0);
      },
    };
    this.handles.set(sender, handle);
    return handle;
  }

  /** A message event with any shape, origin and source: what a hostile page could make arrive. */
  deliver(data: unknown, origin: string, source: unknown, ports: MessagePort[] = []): void {
    const event = new Event('message') as MessageEvent;
    Object.defineProperties(event, { data: { value: data }, origin: { value: origin }, source: { value: source }, ports: { value: ports } });
    this.events.dispatchEvent(event);
  }

  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void {
    this.events.addEventListener(type, listener as EventListener);
  }

  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void {
    this.events.removeEventListener(type, listener as EventListener);
  }
}

/** A site window and a frame window inside it. */
export function fakeEmbedding(siteOrigin = 'https://site.example', frameOrigin = 'https://frame.example') {
  const site = new FakeWindow(siteOrigin);
  const frame = new FakeWindow(frameOrigin, site);
  return { site, frame, frameFromSite: frame.from(site), siteFromFrame: site.from(frame) };
}

/** Resolves once `condition` holds, polling on the event loop; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
