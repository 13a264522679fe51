import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientNetwork } from '../http/clientNetwork.ts';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import { RATE_LIMIT_TEXT, requestProjectId } from '../http/rateLimits.ts';
import type { ServerServices } from '../services.ts';
import { AnswerCache } from './answerCache.ts';
import { CallBudget } from './callBudget.ts';
import { readRpcRequest } from './readRpcRequest.ts';
import { answerEntries, repliesBody } from './rpcAnswers.ts';
import { createRpcChains } from './rpcChains.ts';
import { createRpcForwarder } from './rpcForwarder.ts';
import { registerRpcSocket } from './rpcSocketRoute.ts';
import { requestedChain } from './requestedChain.ts';
import { UpstreamsDownError } from './upstreamPool.ts';

/**
 * SPEC §7: POST /v1/?chainId={caip2}&projectId={id}, the site's JSON-RPC endpoint per chain, and
 * the same URL as a websocket for subscriptions (rpcSocketRoute.ts). Node URLs (and their keys)
 * stay on the server; a method off the namespace's list is answered "Method not found" without
 * reaching a node; calls are counted per client network and per project, over HTTP and WebSocket
 * together. Registered in the project's scope (requireProjectAccess), outside the per-IP request
 * limit: its own limit counts calls, a batch's each.
 */
export function registerRpcProxy(app: FastifyInstance, services: ServerServices): void {
  const settings = services.config.rpcProxy;
  const chains = createRpcChains(services, (message) => app.log.warn(message));
  const forwarder = createRpcForwarder(new AnswerCache(settings.cacheBytes));
  const perNetwork = new CallBudget(settings.callsPerMinute);
  const perProject = new CallBudget(settings.projectCallsPerMinute);
  /** Counts a request's calls against its client network's and its project's budgets; the seconds to wait when over one. */
  const spend = (request: FastifyRequest, calls: number) =>
    perNetwork.take(clientNetwork(request.ip), calls) ?? perProject.take(requestProjectId(request) ?? '', calls);

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
      replies = await answerEntries(forwarder, chain, read.entries);
    } catch (error) {
      if (!(error instanceof UpstreamsDownError)) throw error;
      void reply.header('retry-after', String(error.retryAfterSeconds));
      throw new ApiError(503, ERROR_TEXTS.chainUnavailable(chain.caip2));
    }
    const body = repliesBody(read.batch, replies);
    if (body === undefined) return reply.code(204).send();
    return reply.type('application/json').send(body);
  });

  registerRpcSocket(app, { chains, forwarder, settings, spend });
}
