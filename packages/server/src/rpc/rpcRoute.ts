import type { FastifyInstance } from 'fastify';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import { RATE_LIMIT_TEXT } from '../http/rateLimits.ts';
import type { RpcProxy } from './rpcProxy.ts';
import { readRpcRequest } from './readRpcRequest.ts';
import { answerEntries, repliesBody } from './rpcAnswers.ts';
import { requestedChain } from './requestedChain.ts';
import { UpstreamsDownError } from './upstreamPool.ts';

/**
 * SPEC §7: POST /v1/?chainId={caip2}&projectId={id}, the site's JSON-RPC endpoint per chain, and
 * the same URL as a websocket for subscriptions (rpcSocketRoute.ts, registered in the websockets'
 * scope, with the same proxy: rpcProxy.ts). Node URLs (and their keys) stay on the server; a method off the namespace's list is answered "Method not found" without
 * reaching a node; calls are counted per client network and per project, over HTTP and WebSocket
 * together. Registered in the project's scope (requireProjectAccess), outside the per-IP request
 * limit: its own limit counts calls, a batch's each.
 */
export function registerRpcProxy(app: FastifyInstance, { chains, forwarder, settings, spend }: RpcProxy): void {
  app.post('/v1/', { bodyLimit: settings.maxBodyBytes, config: { rateLimit: false } }, async (request, reply) => {
    const chain = requestedChain(chains, request);
    const read = readRpcRequest(request.body, settings.maxBatchCalls);
    if ('refused' in read) return reply.code(read.tooLarge ? 413 : 400).send(read.refused);
    const wait = spend(request, read.entries.length);
    if (wait !== undefined) {
      void reply.header('retry-after', String(wait));
      throw new ApiError(429, RATE_LIMIT_TEXT(wait));
    }
    let replies: string[];
    try {
      replies = await answerEntries(forwarder, chain, read.entries, { maxLogBlocks: settings.maxLogBlocks, maxCallGas: settings.maxCallGas });
    } catch (error) {
      if (!(error instanceof UpstreamsDownError)) throw error;
      void reply.header('retry-after', String(error.retryAfterSeconds));
      throw new ApiError(503, ERROR_TEXTS.chainUnavailable(chain.caip2));
    }
    const body = repliesBody(read.batch, replies);
    if (body === undefined) return reply.code(204).send();
    return reply.type('application/json').send(body);
  });
}
