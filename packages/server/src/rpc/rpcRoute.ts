import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientNetwork } from '../http/clientNetwork.ts';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import { RATE_LIMIT_TEXT, requestProjectId } from '../http/rateLimits.ts';
import type { ServerServices } from '../services.ts';
import { AnswerCache } from './answerCache.ts';
import { CallBudget } from './callBudget.ts';
import { readRpcRequest } from './readRpcRequest.ts';
import { createRpcChains } from './rpcChains.ts';
import { createRpcForwarder, type Outcome, type RpcChain } from './rpcForwarder.ts';
import { errorReply, RPC_ERRORS, type RpcCall, type RpcId } from './rpcMessages.ts';
import { isServedMethod } from './servedMethods.ts';
import { UpstreamsDownError } from './upstreamPool.ts';

const CHAIN_ID = /^(eip155|solana|polkadot):[-_a-zA-Z0-9]{1,64}$/;

const replyText = (id: RpcId, outcome: Outcome) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"${outcome.kind}":${outcome.json}}`;

function rpcChain(chains: Map<string, RpcChain>, request: FastifyRequest): RpcChain {
  const { chainId } = (request.query ?? {}) as { chainId?: unknown };
  if (chainId === undefined || chainId === '') throw new ApiError(400, 'Missing chainId: pass the chain as a CAIP-2 id, like ?chainId=eip155:1', 'chainId');
  const chain = typeof chainId === 'string' && CHAIN_ID.test(chainId) ? chains.get(chainId) : undefined;
  if (!chain) throw new ApiError(400, ERROR_TEXTS.chainNotConfigured('chainId', String(chainId).slice(0, 80)), 'chainId');
  return chain;
}

/**
 * SPEC §7: POST /v1/?chainId={caip2}&projectId={id}, the site's JSON-RPC endpoint per chain. Node
 * URLs (and their keys) stay on the server; a method off the namespace's list is answered "Method
 * not found" without reaching a node; calls are counted per client network and per project.
 * Registered in the project's scope (requireProjectAccess), outside the per-IP request limit: its
 * own limit counts calls, a batch's each.
 */
export function registerRpcProxy(app: FastifyInstance, services: ServerServices): void {
  const settings = services.config.rpcProxy;
  const chains = createRpcChains(services.config, (message) => app.log.warn(message));
  const forwarder = createRpcForwarder(new AnswerCache(settings.cacheBytes));
  const perNetwork = new CallBudget(settings.callsPerMinute);
  const perProject = new CallBudget(settings.projectCallsPerMinute);

  const spend = (reply: FastifyReply, key: string, budget: CallBudget, calls: number) => {
    const wait = budget.take(key, calls);
    if (wait === undefined) return;
    void reply.header('retry-after', String(wait));
    throw new ApiError(429, RATE_LIMIT_TEXT(wait));
  };

  app.post('/v1/', { bodyLimit: settings.maxBodyBytes, config: { rateLimit: false } }, async (request, reply) => {
    const chain = rpcChain(chains, request);
    const read = readRpcRequest(request.body, settings.maxBatchCalls);
    if ('refused' in read) return reply.code(read.tooLarge ? 413 : 400).send(read.refused);
    spend(reply, clientNetwork(request.ip), perNetwork, read.entries.length);
    spend(reply, requestProjectId(request) ?? '', perProject, read.entries.length);

    const served: RpcCall[] = read.entries.flatMap((entry) => ('call' in entry && isServedMethod(chain.namespace, entry.call.method) ? [entry.call] : []));
    let outcomes: Outcome[];
    try {
      outcomes = await forwarder.answer(chain, served);
    } catch (error) {
      if (!(error instanceof UpstreamsDownError)) throw error;
      void reply.header('retry-after', String(error.retryAfterSeconds));
      throw new ApiError(503, ERROR_TEXTS.chainUnavailable(chain.caip2));
    }
    const answers = new Map(served.map((call, index) => [call, outcomes[index]!]));
    const replies = read.entries.flatMap((entry) => {
      if ('reply' in entry) return [JSON.stringify(entry.reply)];
      // JSON-RPC 2.0: a notification (no id) is answered with nothing.
      if (entry.call.id === undefined) return [];
      const outcome = answers.get(entry.call);
      return [outcome ? replyText(entry.call.id, outcome) : JSON.stringify(errorReply(entry.call.id, RPC_ERRORS.methodNotFound()))];
    });
    if (replies.length === 0) return reply.code(204).send();
    return reply.type('application/json').send(read.batch ? `[${replies.join(',')}]` : replies[0]);
  });
}
