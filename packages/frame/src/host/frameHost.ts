import * as v from 'valibot';
import { ErrorText, type FramePromptKind } from '@cairn/core';
import { frameRpcPermission, type FrameRpcPermission } from '@cairn/core/internal';
import {
  FRAME_PROMPT,
  ErrorPayloadSchema,
  errorType,
  FRAME_LOADED,
  FRAME_READY,
  FRAME_REQUESTS,
  HelloSchema,
  PROTOCOL_VERSION,
  RequestEnvelopeSchema,
  requestNameOf,
  successType,
  type FrameRequestName,
  type FrameSuccessPayload,
} from '../protocol/events.ts';
import { isTupleOrigin, type MessageListenerTarget, type MessageTarget } from '../protocol/messaging.ts';

type RequestOutput<N extends FrameRequestName> = v.InferOutput<(typeof FRAME_REQUESTS)[N]['request']>;

export interface FrameRequestContext {
  /** The origin of the site that opened the channel (checked against the allowed origins). */
  origin: string;
}

export type FrameHandlers = {
  [N in FrameRequestName]?: (
    payload: N extends 'RPC_REQUEST' ? RequestOutput<N> & { permission: Exclude<FrameRpcPermission, 'refuse'> } : RequestOutput<N>,
    context: FrameRequestContext,
  ) => Promise<FrameSuccessPayload<N>> | FrameSuccessPayload<N>;
};

export interface FrameHostOptions {
  /** The frame's own window: where the site's handshake arrives. */
  self: MessageListenerTarget;
  /** The frame's own origin; 'null' (opaque, e.g. a sandboxed frame) refuses to start. */
  selfOrigin: string;
  /** `window.parent`, as the frame's script holds it. */
  parent: MessageTarget;
  /** The sites allowed to embed the frame, as exact origins. */
  allowedOrigins: readonly string[];
  handlers: FrameHandlers;
}

export interface FrameHost {
  /** The site's origin once the handshake is done. */
  readonly connectedOrigin: string | undefined;
  /** Tells the widget the frame's own screen opened or closed (it shows or hides the iframe), and what it asks. */
  prompt(open: boolean, kind: FramePromptKind): void;
  stop(): void;
}

const MAX_ERROR_LENGTH = 1000;
/** Requests the frame works on at once; the site can ask for no more (each may reach the RPC or the server). */
export const MAX_IN_FLIGHT = 32;
export const TOO_MANY_REQUESTS = 'Too many requests at once';

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : undefined;
  return typeof message === 'string' && message !== '' ? message.slice(0, MAX_ERROR_LENGTH) : ErrorText.frameErrorOccurred;
}

/**
 * The frame's side of the channel. The only window message it takes is the handshake: from its
 * parent window exactly (`event.source`), from an allowed origin exactly (`event.origin`), with one
 * MessagePort. Everything after goes over that port, each request parsed by its schema; anything
 * else is dropped without a reply and without changing state.
 */
export function startFrameHost(options: FrameHostOptions): FrameHost {
  if (!isTupleOrigin(options.selfOrigin)) throw new Error('The frame refuses to run with an opaque origin');
  const allowed = new Set(options.allowedOrigins.filter(isTupleOrigin));
  if (allowed.size === 0) throw new Error('The frame needs at least one allowed origin');
  let connectedOrigin: string | undefined;
  let port: MessagePort | undefined;
  let inFlight = 0;

  const onWindowMessage = (event: MessageEvent) => {
    try {
      if (connectedOrigin !== undefined) return; // one channel per page load
      if (event.source !== options.parent || typeof event.origin !== 'string' || !allowed.has(event.origin)) return;
      if (!v.is(HelloSchema, event.data)) return;
      const ports = event.ports;
      if (!ports || ports.length !== 1 || !(ports[0] instanceof MessagePort)) return;
      connectedOrigin = event.origin;
      port = ports[0];
      port.onmessage = (message) => void onRequest(message.data);
      port.postMessage({ type: FRAME_READY, v: PROTOCOL_VERSION });
    } catch {
      // A hostile event (getters that throw, odd prototypes) changes nothing.
    }
  };

  const reply = (type: string, id: string, payload: unknown) => port?.postMessage({ type, id, payload });

  async function onRequest(data: unknown) {
    const envelope = v.safeParse(RequestEnvelopeSchema, data);
    if (!envelope.success) return;
    const { id, type } = envelope.output;
    const name = requestNameOf(type);
    const fail = (message: string) => reply(errorType(name), id, v.parse(ErrorPayloadSchema, { message: message.slice(0, MAX_ERROR_LENGTH) }));
    const spec = FRAME_REQUESTS[name];
    const payload = v.safeParse(spec.request, envelope.output.payload);
    if (!payload.success) return fail(payload.issues[0]?.message ?? ErrorText.frameErrorOccurred);
    let input: unknown = payload.output;
    if (name === 'RPC_REQUEST') {
      const permission = frameRpcPermission((payload.output as { method: string }).method);
      if (permission === 'refuse') return fail(ErrorText.rpcCallNotAllowed);
      input = { ...(payload.output as object), permission };
    }
    const handler = options.handlers[name] as ((payload: unknown, context: FrameRequestContext) => unknown) | undefined;
    if (!handler) return fail(ErrorText.frameErrorOccurred);
    if (inFlight >= MAX_IN_FLIGHT) return fail(TOO_MANY_REQUESTS);
    inFlight++;
    try {
      const result = await handler(input, { origin: connectedOrigin! });
      const checked = v.safeParse(spec.success, result);
      if (!checked.success) return fail(ErrorText.frameErrorOccurred);
      reply(successType(name), id, checked.output);
    } catch (error) {
      fail(messageOf(error));
    } finally {
      inFlight--;
    }
  }

  options.self.addEventListener('message', onWindowMessage);
  // Tell the parent the frame loaded; an explicit target origin each time, so only an allowed site hears it.
  for (const origin of allowed) options.parent.postMessage({ type: FRAME_LOADED, v: PROTOCOL_VERSION }, origin);

  return {
    prompt(open: boolean, kind: FramePromptKind) {
      port?.postMessage({ type: FRAME_PROMPT, open, kind });
    },
    get connectedOrigin() {
      return connectedOrigin;
    },
    stop() {
      options.self.removeEventListener('message', onWindowMessage);
      port?.close();
      port = undefined;
    },
  };
}
