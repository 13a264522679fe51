import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors.ts';
import { keepAlive } from './keepAlive.ts';
import { Relay, type RelayOptions } from './relay.ts';
import { RELAY_ERRORS, RPC_ERROR_CODES } from './relayErrors.ts';
import { errorFrame } from './relayFrames.ts';
import { verifyRelayAuth } from './verifyRelayAuth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WalletConnect relay, when RELAY_ENABLED. */
    relay?: Relay;
  }
}

export interface RelayRouteOptions extends Omit<RelayOptions, 'log'> {
  /** How often each socket is pinged; one that missed the previous ping is dropped. Default 10 s. */
  pingIntervalMs?: number;
}

export const RELAY_PATH = '/relay';

/**
 * GET /relay (websocket): the WalletConnect v2 relay. The client's `auth` query parameter (its
 * relay JWT) is checked before the upgrade: a missing or invalid one gets HTTP 401 with the
 * reason. `projectId` and `ua` are accepted and not checked. Must be registered before the other
 * routes (@fastify/websocket then refuses upgrades on them).
 */
export async function registerRelay(app: FastifyInstance, options: RelayRouteOptions = {}): Promise<Relay> {
  const log = app.log.child({ component: 'relay' });
  const relay = new Relay({ ...options, log });
  const clientIds = new WeakMap<FastifyRequest, string>();
  const sockets = keepAlive(options.pingIntervalMs ?? 10_000, () => log.debug('dropped a socket that did not answer a ping'));

  await app.register(websocket, {
    options: { maxPayload: relay.limits.maxFrameBytes },
    // A client gone without a close frame, or a frame over maxPayload: expected, not a server error.
    errorHandler: (error, socket) => {
      log.debug({ err: error.message }, 'relay socket error');
      socket.terminate();
    },
  });
  app.decorate('relay', relay);
  app.addHook('onClose', async () => {
    sockets.stop();
    relay.stop();
  });

  app.get(
    RELAY_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const { auth } = request.query as Record<string, unknown>;
        const verdict = await verifyRelayAuth(typeof auth === 'string' ? auth : undefined, relay.now());
        if (!verdict.ok) return reply.code(401).send(errorBody(401, verdict.reason));
        clientIds.set(request, verdict.clientId);
      },
    },
    (socket, request) => {
      const clientId = clientIds.get(request)!;
      const send = (frame: string) => {
        if (socket.readyState === socket.OPEN) socket.send(frame);
      };
      const connection = relay.connect({ send }, clientId);
      sockets.track(socket);
      socket.on('message', (data, isBinary) => {
        if (isBinary) return send(errorFrame(null, RPC_ERROR_CODES.parseError, RELAY_ERRORS.binaryFrame));
        connection.receive(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'));
      });
      socket.on('close', () => connection.close());
    },
  );
  return relay;
}
