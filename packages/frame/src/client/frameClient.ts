import { ErrorText, type FramePromptKind } from '@cairn/core';
import type { MessageListenerTarget, MessageTarget } from '../protocol/messaging.ts';
import { frameOriginOf } from './frameOrigin.ts';

export { frameOriginOf };
import type { FrameRequestName, FrameRequestPayload, FrameSuccessPayload, FrameTimeouts } from '../protocol/events.ts';
import { connectToFrame, type FrameChannel, type RequestOptions } from './frameChannel.ts';

/** The iframe the client talks to. */
export interface MountedFrame {
  /** Its contentWindow. */
  window: MessageTarget;
  /** Aborted when the iframe fails to load. */
  failed: AbortSignal;
  /** Shows the iframe while the frame's own screen is open (a recovery code, an approval), hides it after. */
  show?(open: boolean): void;
  remove(): void;
}

export interface FrameClientOptions {
  /** The frame page's URL; its origin is the only one the client talks to. */
  frameUrl: string;
  /** Puts the iframe in the page; by default a hidden iframe appended to document.body. */
  mountFrame?: (url: string) => MountedFrame;
  /** Where the frame's "loaded" message arrives; `window` by default. */
  listenOn?: MessageListenerTarget;
  /** The widget's remembered e-mail/social login, cleared when the frame says it is not connected (SPEC §4). */
  loginCache?: { clear(): void };
  /** Told when the frame's own screen opens or closes (after the mounted frame is shown or hidden), and what it asks. */
  onPrompt?: (open: boolean, kind: FramePromptKind) => void;
  /** Each request class's timeout (SPEC §9's by default); the clock stops while the frame's screen is open. */
  timeouts?: FrameTimeouts;
  loadTimeoutMs?: number;
  readyWaitMs?: number;
}

function mountHiddenIframe(url: string): MountedFrame {
  const iframe = document.createElement('iframe');
  const failed = new AbortController();
  iframe.src = url;
  iframe.title = 'Cairn secure frame';
  iframe.referrerPolicy = 'origin';
  const hidden = 'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none';
  // Shown on top of the page, centred, while the frame's own screen is open; the widget's views mount it their own way.
  const shown = 'position:fixed;z-index:2147483647;top:50%;left:50%;transform:translate(-50%,-50%);width:min(420px,100vw);height:min(480px,100vh);border:0;border-radius:12px;background:#fff;box-shadow:0 8px 40px rgba(0,0,0,.3)';
  iframe.style.cssText = hidden;
  iframe.addEventListener('error', () => failed.abort());
  document.body.appendChild(iframe);
  if (!iframe.contentWindow) failed.abort();
  return { window: iframe.contentWindow!, failed: failed.signal, show: (open) => (iframe.style.cssText = open ? shown : hidden), remove: () => iframe.remove() };
}

export class FrameClient {
  readonly frameUrl: string;
  readonly frameOrigin: string;
  private initialising: Promise<FrameChannel> | undefined;
  private mounted: MountedFrame | undefined;

  constructor(private readonly options: FrameClientOptions) {
    this.frameUrl = options.frameUrl;
    this.frameOrigin = frameOriginOf(options.frameUrl);
  }

  /** Mounts the frame and resolves after its ready event plus 500 ms (SPEC §4); once, until it fails or reloads. */
  init(): Promise<FrameChannel> {
    this.initialising ??= this.connect().catch((error: unknown) => {
      this.teardown();
      throw error;
    });
    return this.initialising;
  }

  private async connect(): Promise<FrameChannel> {
    const listenOn = this.options.listenOn ?? (globalThis as unknown as { window?: MessageListenerTarget }).window;
    if (!listenOn) throw new Error(ErrorText.frameLoadFailed);
    let mounted: MountedFrame;
    try {
      mounted = (this.options.mountFrame ?? mountHiddenIframe)(this.frameUrl);
    } catch {
      throw new Error(ErrorText.frameLoadFailed);
    }
    this.mounted = mounted;
    return connectToFrame({
      listenOn,
      frameWindow: mounted.window,
      frameOrigin: this.frameOrigin,
      signal: mounted.failed,
      loadTimeoutMs: this.options.loadTimeoutMs,
      readyWaitMs: this.options.readyWaitMs,
      ...(this.options.timeouts ? { timeouts: this.options.timeouts } : {}),
      onPrompt: (open, kind) => {
        mounted.show?.(open);
        this.options.onPrompt?.(open, kind);
      },
    });
  }

  async request<N extends FrameRequestName>(name: N, payload: FrameRequestPayload<N>, options?: RequestOptions): Promise<FrameSuccessPayload<N>> {
    const channel = await this.init();
    return channel.request(name, payload, options);
  }

  /** SPEC §4: a connection check clears the cached login when the frame is not connected. */
  async checkConnection(): Promise<boolean> {
    const { isConnected } = await this.request('IS_CONNECTED', {});
    if (!isConnected) this.options.loginCache?.clear();
    return isConnected;
  }

  /** Reloads the frame page: a new page, a new handshake. */
  async reload(): Promise<void> {
    this.teardown();
    await this.init();
  }

  private teardown() {
    const initialising = this.initialising;
    this.initialising = undefined;
    initialising?.then((channel) => channel.close(), () => undefined);
    this.mounted?.remove();
    this.mounted = undefined;
  }

  destroy(): void {
    this.teardown();
    if (instance === this) instance = undefined;
  }
}

let instance: FrameClient | undefined;

/** SPEC §4: the embedded-login client is a singleton; asking again with another frame URL is a mistake. */
export function getFrameClient(options: FrameClientOptions): FrameClient {
  if (instance) {
    if (instance.frameUrl !== options.frameUrl) throw new Error(`The frame client already runs for ${instance.frameUrl}`);
    return instance;
  }
  instance = new FrameClient(options);
  return instance;
}
