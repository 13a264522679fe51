import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors.ts';
import { ConnectionSlots } from './connectionSlots.ts';
import { keepAlive } from './keepAlive.ts';
import { Relay, type RelayOptions } from './relay.ts';
import { RELAY_ERRORS, RPC_ERROR_CODES } from './relayErrors.ts';
import { errorFrame } from './relayFrames.ts';
import { verifyRelayAuth } from './verifyRelayAuth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WalletConnect relay, when RELAY_ENABLED (createServer decorates the server with what registerRelay returns). */
    relay?: Relay;
  }
}

export interface RelayRouteOptions extends Omit<RelayOptions, 'log'> {
  /** How often each socket is pinged; one that missed the previous ping is dropped. Default 10 s. */
  pingIntervalMs?: number;
}

export const RELAY_PATH = '/relay';

/** How long a client refused for a full relay is asked to wait (Retry-After, seconds). */
const RETRY_AFTER_SECONDS = 30;

/**
 * The request as this route's log lines show it: the path without the query, whose `auth` is the
 * client's credential (a JWT valid for a day) and must never reach a log; the harmless query
 * fields by name.
 */
function relayRequestLog(request: FastifyRequest) {
  const { projectId, ua } = request.query as Record<string, unknown>;
  return {
    method: request.method,
    url: request.url.split('?')[0],
    projectId: typeof projectId === 'string' ? projectId.slice(0, 64) : undefined,
    ua: typeof ua === 'string' ? ua.slice(0, 128) : undefined,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * GET /relay (websocket): the WalletConnect v2 relay. An upgrade is refused with HTTP 503 when
 * the relay holds maxConnections, 429 when the client's address holds maxConnectionsPerIp, then
 * with 401 naming the reason when its `auth` query parameter (its relay JWT) is missing or
 * invalid. `projectId` and `ua` are accepted and not checked. Must be registered before the
 * other routes (@fastify/websocket then refuses upgrades on them).
 */
export async function registerRelay(app: FastifyInstance, options: RelayRouteOptions = {}): Promise<Relay> {
  const log = app.log.child({ component: 'relay' });
  const relay = new Relay({ ...options, log });
  const clientIds = new WeakMap<FastifyRequest, string>();
  const slots = new ConnectionSlots(relay.limits.maxConnections, relay.limits.maxConnectionsPerIp);
  const sockets = keepAlive(options.pingIntervalMs ?? 10_000, () => log.debug('dropped a socket that did not answer a ping'));

  await app.register(websocket, {
    options: { maxPayload: relay.limits.maxFrameBytes },
    // A client gone without a close frame, or a frame over maxPayload: expected, not a server error.
    errorHandler: (error, socket) => {
      log.debug({ err: error.message }, 'relay socket error');
      socket.terminate();
    },
  });
  app.addHook('onClose', async () => {
    sockets.stop();
    relay.stop();
  });

  app.get(
    RELAY_PATH,
    {
      websocket: true,
      logSerializers: { req: relayRequestLog },
      preValidation: async (request, reply) => {
        // An upgrade is counted before its JWT is checked (no signature work for an address over
        // its limit) and holds its place until its TCP connection closes, upgraded or not. A plain
        // HTTP GET (answered 401 or 404 below, on a socket that may carry more requests) holds none.
        const slot = request.ws ? slots.take(request.ip) : undefined;
        if (slot && !slot.ok) {
          const [status, message] = slot.refused === 'ip' ? [429, RELAY_ERRORS.tooManyConnectionsFromIp(relay.limits.maxConnectionsPerIp)] : [503, RELAY_ERRORS.tooManyConnections(relay.limits.maxConnections)];
          return reply.code(status).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody(status, message));
        }
        if (slot) request.raw.socket.once('close', slot.release);
        const { auth } = request.query as Record<string, unknown>;
        const verdict = await verifyRelayAuth(typeof auth === 'string' ? auth : undefined, relay.now());
        if (!verdict.ok) {
          slot?.release();
          return reply.code(401).send(errorBody(401, verdict.reason));
        }
        clientIds.set(request, verdict.clientId);
      },
    },
    (socket, request) => {
      const clientId = clientIds.get(request)!;
      const connection = relay.connect(
        {
          send: (frame, onWritten) => {
            if (socket.readyState === socket.OPEN) socket.send(frame, onWritten);
          },
          get bufferedAmount() {
            return socket.bufferedAmount;
          },
          terminate: () => socket.terminate(),
        },
        clientId,
        request.ip,
      );
      sockets.track(socket);
      socket.on('message', (data, isBinary) => {
        if (isBinary) return void connection.send(errorFrame(null, RPC_ERROR_CODES.parseError, RELAY_ERRORS.binaryFrame));
        connection.receive(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'));
      });
      socket.on('close', () => connection.close());
    },
  );
  return relay;
}
