import * as v from 'valibot';
import { ErrorText } from '@cairn/core';
import { FRAME_READY_WAIT_MS, frameRpcPermission } from '@cairn/core/internal';
import {
  APP_HELLO,
  ErrorPayloadSchema,
  errorType,
  FRAME_REQUESTS,
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
  /** The frame's own screen opened or closed. */
  onPrompt?: (open: boolean) => void;
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
}

/** SPEC §8: an aborted RPC says 'Request was aborted', any other aborted request 'Something went wrong'. */
export const abortedText = (name: FrameRequestName) => (name === 'RPC_REQUEST' ? ErrorText.requestAborted : ErrorText.somethingWentWrong);

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
        setTimeout(() => finish(undefined, createChannel(port, options.onPrompt)), options.readyWaitMs ?? FRAME_READY_WAIT_MS);
      };
      options.frameWindow.postMessage({ type: APP_HELLO, v: PROTOCOL_VERSION }, options.frameOrigin, [channel.port2]);
    };
    if (options.signal?.aborted) return loadFailed();
    options.signal?.addEventListener('abort', onAbort);
    options.listenOn.addEventListener('message', onLoaded);
  });
}

function createChannel(port: MessagePort, onPrompt?: (open: boolean) => void): FrameChannel {
  const pending = new Map<string, Pending>();
  port.onmessage = (message) => {
    if (v.is(PromptSchema, message.data)) {
      onPrompt?.(message.data.open);
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
        const done = () => {
          pending.delete(id);
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          done();
          reject(new Error(abortedText(name)));
        };
        if (signal?.aborted) return reject(new Error(abortedText(name)));
        const method = name === 'RPC_REQUEST' ? (checked.output as { method: string }).method : undefined;
        const needsApproval = requestOptions.needsApproval ?? (method !== undefined && frameRpcPermission(method) === 'approve');
        const timer = setTimeout(onAbort, requestTimeoutMs(name, method, needsApproval));
        signal?.addEventListener('abort', onAbort);
        pending.set(id, {
          name,
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
