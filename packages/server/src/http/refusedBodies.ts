import type { FastifyInstance } from 'fastify';

/** What the server reads and discards of a refused request's body before it closes the connection. */
export const REFUSED_BODY_DRAIN = { bytes: 16 * 1024 * 1024, ms: 30_000 } as const;

/**
 * Lets a client read a refusal sent before its body is all in (413 past the body limit, 415, 403,
 * ...). Fastify answers such a refusal with `connection: close`, and Node then closes the socket
 * while the client is still sending: the client's next write meets a reset, and Node's fetch
 * (undici), which is still writing a streamed body, fails with EPIPE / ECONNRESET without ever
 * surfacing the 413 it was sent (curl reads it: it reads while it writes). Instead the connection
 * stays open and the rest of the body is read and dropped, as HTTP/1.1 servers do, up to
 * `drain.bytes` or `drain.ms`; past either the socket is closed, so a client cannot keep the
 * server reading for ever.
 */
export function drainRefusedBodies(app: FastifyInstance, drain: { bytes: number; ms: number } = REFUSED_BODY_DRAIN): void {
  // A callback hook: every answer passes here, nearly all at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    const incoming = request.raw;
    if (incoming.complete || reply.statusCode < 400) return done(null, payload);
    void reply.removeHeader('connection');
    let read = 0;
    // An injected request (light-my-request, in tests) has a socket stand-in without destroy.
    const cutOff = () => {
      const socket: { destroy?: unknown } | null = incoming.socket;
      if (typeof socket?.destroy === 'function') incoming.socket.destroy();
    };
    const timer = setTimeout(cutOff, drain.ms);
    timer.unref();
    incoming.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > drain.bytes) cutOff();
    });
    incoming.once('end', () => clearTimeout(timer));
    incoming.once('close', () => clearTimeout(timer));
    incoming.resume();
    done(null, payload);
  });
}
