import * as v from 'valibot';
import { ErrorText, type FramePromptKind } from '@cairn/core';
import { FRAME_READY_WAIT_MS, frameRpcPermission } from '@cairn/core/internal';
import {
  APP_HELLO,
  ErrorPayloadSchema,
  errorType,
  FRAME_REQUESTS,
  FRAME_TIMEOUTS_MS,
  LoadedSchema,
  PromptSchema,
  PROTOCOL_VERSION,
  ReadySchema,
  requestTimeoutMs,
  requestType,
  ResponseEnvelopeSchema,
  successType,
  type FrameRequestName,
  type FrameRequestPayload,
  type FrameSuccessPayload,
  type FrameTimeouts,
} from '../protocol/events.ts';
import type { MessageListenerTarget, MessageTarget } from '../protocol/messaging.ts';

/** How long the widget waits for the frame's page to load and shake hands before giving up. */
export const FRAME_LOAD_TIMEOUT_MS = 15_000;

export interface ConnectOptions {
  /** The site's window: where the frame's "loaded" announcement arrives. */
  listenOn: MessageListenerTarget;
  /** The iframe's contentWindow. */
  frameWindow: MessageTarget;
  /** The frame's origin, exactly (from the configured frame URL). */
  frameOrigin: string;
  /** The window object the frame's messages carry as `event.source` (the same contentWindow in a browser). */
  frameSource?: unknown;
  loadTimeoutMs?: number;
  readyWaitMs?: number;
  /** Aborted when the iframe fails to load. */
  signal?: AbortSignal;
  /** The frame's own screen opened or closed, and what it asks of the person. */
  onPrompt?: (open: boolean, kind: FramePromptKind) => void;
  /** Each request class's timeout; SPEC §9's by default. */
  timeouts?: FrameTimeouts;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** For RPC: whether the call waits for the user's approval (a longer timeout); by default SPEC §6's approval list decides. */
  needsApproval?: boolean;
}

export interface FrameChannel {
  request<N extends FrameRequestName>(name: N, payload: FrameRequestPayload<N>, options?: RequestOptions): Promise<FrameSuccessPayload<N>>;
  close(): void;
}

interface Pending {
  name: FrameRequestName;
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Stops the request's clock (the frame waits on a person) or starts it again, for a whole timeout. */
  pause(paused: boolean): void;
}

/** SPEC §8: an aborted RPC says 'Request was aborted', any other aborted request 'Something went wrong'. */
export const abortedText = (name: FrameRequestName) => (name === 'RPC_REQUEST' ? ErrorText.requestAborted : ErrorText.somethingWentWrong);

/**
 * A request the frame did not answer in time (SPEC §8's aborted text): the frame may still finish
 * it, so a step that can be read back from the frame (a login) resumes instead of starting over.
 */
export class FrameTimeoutError extends Error {
  constructor(readonly request: FrameRequestName) {
    super(abortedText(request));
    this.name = 'FrameTimeoutError';
  }
}

/**
 * The widget's side: waits for the frame's "loaded" message (checked: `event.origin` is the frame's
 * origin exactly, `event.source` the iframe's window), hands it one end of a MessageChannel with a
 * message addressed to the frame's origin only, waits for "ready" on that channel plus 500 ms
 * (SPEC §4), and from then on talks over the channel only.
 */
export function connectToFrame(options: ConnectOptions): Promise<FrameChannel> {
  const frameSource = options.frameSource ?? options.frameWindow;
  return new Promise<FrameChannel>((resolve, reject) => {
    let settled = false;
    let channel: MessageChannel | undefined;
    const finish = (error?: Error, result?: FrameChannel) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.listenOn.removeEventListener('message', onLoaded);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) {
        channel?.port1.close();
        reject(error);
      } else resolve(result!);
    };
    const loadFailed = () => finish(new Error(ErrorText.frameLoadFailed));
    const onAbort = () => loadFailed();
    const timer = setTimeout(loadFailed, options.loadTimeoutMs ?? FRAME_LOAD_TIMEOUT_MS);
    const onLoaded = (event: MessageEvent) => {
      try {
        if (channel || event.origin !== options.frameOrigin || event.source !== frameSource || !v.is(LoadedSchema, event.data)) return;
      } catch {
        return;
      }
      channel = new MessageChannel();
      const port = channel.port1;
      port.onmessage = (message) => {
        if (!v.is(ReadySchema, message.data)) return;
        port.onmessage = null;
        setTimeout(() => finish(undefined, createChannel(port, options.onPrompt, options.timeouts ?? FRAME_TIMEOUTS_MS)), options.readyWaitMs ?? FRAME_READY_WAIT_MS);
      };
      options.frameWindow.postMessage({ type: APP_HELLO, v: PROTOCOL_VERSION }, options.frameOrigin, [channel.port2]);
    };
    if (options.signal?.aborted) return loadFailed();
    options.signal?.addEventListener('abort', onAbort);
    options.listenOn.addEventListener('message', onLoaded);
  });
}

function createChannel(port: MessagePort, onPrompt: ((open: boolean, kind: FramePromptKind) => void) | undefined, timeouts: FrameTimeouts): FrameChannel {
  const pending = new Map<string, Pending>();
  // While the frame's own screen is open it waits on a person (a recovery code to write down, a
  // request to read): no request times out then, and each gets its whole timeout again after.
  let promptOpen = false;
  port.onmessage = (message) => {
    if (v.is(PromptSchema, message.data)) {
      promptOpen = message.data.open;
      for (const entry of pending.values()) entry.pause(promptOpen);
      onPrompt?.(message.data.open, message.data.kind);
      return;
    }
    const envelope = v.safeParse(ResponseEnvelopeSchema, message.data);
    if (!envelope.success) return;
    const { id, type, payload } = envelope.output;
    const entry = pending.get(id);
    if (!entry) return;
    if (type === successType(entry.name)) {
      const parsed = v.safeParse(FRAME_REQUESTS[entry.name].success, payload);
      if (parsed.success) entry.resolve(parsed.output);
      else entry.reject(new Error(ErrorText.frameErrorOccurred));
    } else if (type === errorType(entry.name)) {
      const parsed = v.safeParse(ErrorPayloadSchema, payload);
      entry.reject(new Error((parsed.success && parsed.output.message) || ErrorText.frameErrorOccurred));
    }
  };

  return {
    request(name, payload, requestOptions = {}) {
      return new Promise((resolve, reject) => {
        const checked = v.safeParse(FRAME_REQUESTS[name].request, payload);
        if (!checked.success) return reject(new Error(checked.issues[0]?.message ?? ErrorText.frameErrorOccurred));
        const id = crypto.randomUUID();
        const { signal } = requestOptions;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = () => {
          pending.delete(id);
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          done();
          reject(new Error(abortedText(name)));
        };
        const onTimeout = () => {
          done();
          reject(new FrameTimeoutError(name));
        };
        if (signal?.aborted) return reject(new Error(abortedText(name)));
        const method = name === 'RPC_REQUEST' ? (checked.output as { method: string }).method : undefined;
        const needsApproval = requestOptions.needsApproval ?? (method !== undefined && frameRpcPermission(method) === 'approve');
        const timeoutMs = requestTimeoutMs(name, method, needsApproval, timeouts);
        const pause = (paused: boolean) => {
          clearTimeout(timer);
          timer = paused ? undefined : setTimeout(onTimeout, timeoutMs);
        };
        pause(promptOpen);
        signal?.addEventListener('abort', onAbort);
        pending.set(id, {
          name,
          pause,
          resolve: (value) => {
            done();
            resolve(value as FrameSuccessPayload<typeof name>);
          },
          reject: (error) => {
            done();
            reject(error);
          },
        });
        port.postMessage({ type: requestType(name), id, payload: checked.output });
      });
    },
    close() {
      for (const entry of [...pending.values()]) entry.reject(new Error(ErrorText.somethingWentWrong));
      port.close();
    },
  };
}
