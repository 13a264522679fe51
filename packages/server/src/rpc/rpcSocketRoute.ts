import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { ApiError, errorBody } from '../http/errors.ts';
import { requestProjectId } from '../http/rateLimits.ts';
import { ConnectionSlots } from '../relay/connectionSlots.ts';
import { keepAlive } from '../relay/keepAlive.ts';
import type { RpcChain } from './rpcForwarder.ts';
import type { RpcProxy } from './rpcProxy.ts';
import { RpcSocketSession } from './rpcSocketSession.ts';
import { requestedChain } from './requestedChain.ts';
import { SocketQuota } from './socketQuota.ts';

/** How often each socket is pinged; one that missed the previous ping is dropped. */
const PING_INTERVAL_MS = 15_000;
/** How long a client refused for a full proxy is asked to wait (Retry-After, seconds). */
const RETRY_AFTER_SECONDS = 30;
/** The largest frame taken from a node (a block with its transactions). */
const MAX_UPSTREAM_FRAME_BYTES = 16 * 1024 * 1024;

const asBuffer = (data: RawData) => (Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]));

export const RPC_SOCKET_TEXTS = {
  notServed: (chain: string) => `chainId ${chain} is not served over WebSocket (see /v1/supported-chains)`,
  plainGet: 'GET /v1/ is the RPC proxy\'s websocket: connect with a websocket for subscriptions, or POST a JSON-RPC call',
  tooManyFromIp: (max: number) => `Too many websockets from this address: at most ${max} at once`,
  tooManyForProject: (max: number) => `Too many websockets for this project: at most ${max} at once`,
  tooMany: (max: number) => `Too many websockets: the RPC proxy serves at most ${max} at once; try again later`,
  frameTooLarge: (max: number) => `Frame too large: at most ${max} bytes`,
} as const;

/**
 * Lets the RPC proxy's websocket (and the relay's) be upgraded: the relay registers
 * @fastify/websocket when it is on; otherwise this does, with the proxy's frame bound. In the
 * websockets' own scope (createServer): the plugin's hooks and its wrapper around each handler
 * then run only for the websocket routes, not for every request.
 */
export async function registerWebSockets(app: FastifyInstance, maxFrameBytes: number): Promise<void> {
  if (app.hasDecorator('websocketServer')) return;
  await app.register(websocket, {
    options: { maxPayload: maxFrameBytes },
    // A client gone without a close frame, or a frame over maxPayload: expected, not a server error.
    errorHandler: (error, socket) => {
      app.log.debug({ err: error.message }, 'websocket error');
      socket.terminate();
    },
  });
}

/**
 * GET /v1/?chainId={caip2}&projectId={id} upgraded to a websocket: the chain's JSON-RPC with
 * subscriptions (RpcSocketSession), for the chains with a node websocket (RPC_WS_URL_*). An
 * upgrade is refused with 400 for a chain not served over WebSocket, 429 past the sockets of one
 * client network or one project, 503 past the sockets of all. Frames are bounded by the
 * request's byte bound (1009 past it), idle sockets closed, slow readers and peers that miss a
 * ping dropped. Each holds at most one socket to the node, opened on its first subscription.
 */
export function registerRpcSocket(app: FastifyInstance, proxy: RpcProxy): void {
  const { chains, forwarder, settings, spend } = proxy;
  const slots = new ConnectionSlots(settings.wsMaxConnections, settings.wsMaxConnectionsPerIp);
  const perProject = new SocketQuota(settings.wsMaxConnectionsPerProject);
  const sockets = keepAlive(PING_INTERVAL_MS, () => app.log.debug('dropped an RPC websocket that did not answer a ping'));
  const admitted = new WeakMap<FastifyRequest, RpcChain>();
  app.addHook('onClose', async () => sockets.stop());
  const limits = {
    maxBatchCalls: settings.maxBatchCalls,
    maxLogBlocks: settings.maxLogBlocks,
    maxCallGas: settings.maxCallGas,
    maxSubscriptions: settings.wsMaxSubscriptions,
    maxSendBufferBytes: settings.wsMaxSendBufferBytes,
    idleMs: settings.wsIdleMs,
    upstreamTimeoutMs: settings.upstreamTimeoutMs,
    maxUpstreamFrameBytes: MAX_UPSTREAM_FRAME_BYTES,
  };

  app.route({
    method: 'GET',
    url: '/v1/',
    preValidation: async (request, reply) => {
      const chain = requestedChain(chains, request);
      if (chain.wsUrls.length === 0) throw new ApiError(400, RPC_SOCKET_TEXTS.notServed(chain.caip2), 'chainId');
      if (!request.ws) return;
      // Counted until the TCP connection closes, upgraded or not.
      const slot = slots.take(request.ip);
      if (!slot.ok) {
        const [status, message] = slot.refused === 'ip' ? [429, RPC_SOCKET_TEXTS.tooManyFromIp(settings.wsMaxConnectionsPerIp)] : [503, RPC_SOCKET_TEXTS.tooMany(settings.wsMaxConnections)];
        return reply.code(status).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody(status, message));
      }
      const projectSlot = perProject.take(requestProjectId(request) ?? '');
      if (!projectSlot) {
        slot.release();
        return reply.code(429).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody(429, RPC_SOCKET_TEXTS.tooManyForProject(settings.wsMaxConnectionsPerProject)));
      }
      request.raw.socket.once('close', () => {
        slot.release();
        projectSlot();
      });
      admitted.set(request, chain);
    },
    handler: async (_request, reply) => reply.code(426).header('upgrade', 'websocket').send(errorBody(426, RPC_SOCKET_TEXTS.plainGet)),
    wsHandler: (socket, request) => {
      const chain = admitted.get(request)!;
      const session = new RpcSocketSession(
        {
          send: (text) => {
            if (socket.readyState === socket.OPEN) socket.send(text);
          },
          get bufferedAmount() {
            return socket.bufferedAmount;
          },
          close: (code, reason) => socket.close(code, reason),
          terminate: () => socket.terminate(),
        },
        { chain, forwarder, limits, spend: (calls) => spend(request, calls), log: (message) => request.log.warn(message) },
      );
      sockets.track(socket);
      socket.on('message', (data) => {
        const frame = asBuffer(data);
        if (frame.length > settings.maxBodyBytes) return socket.close(1009, RPC_SOCKET_TEXTS.frameTooLarge(settings.maxBodyBytes));
        session.receive(frame.toString('utf8'));
      });
      socket.on('close', () => session.close());
    },
  });
}
