import type { FastifyRequest } from 'fastify';
import { clientNetwork } from '../http/clientNetwork.ts';
import { requestProjectId } from '../http/rateLimits.ts';
import type { ServerServices } from '../services.ts';
import { AnswerCache } from './answerCache.ts';
import { CallBudget } from './callBudget.ts';
import { createRpcChains } from './rpcChains.ts';
import { createRpcForwarder, type RpcChain, type RpcForwarder } from './rpcForwarder.ts';
import type { RpcProxyConfig } from '../config.ts';

/** What the RPC proxy's HTTP route and its websocket share: the chains, the forwarder with its answer cache, and the call budgets. */
export interface RpcProxy {
  chains: Map<string, RpcChain>;
  forwarder: RpcForwarder;
  settings: RpcProxyConfig;
  /** Counts a request's calls against its client network's and its project's budgets; the seconds to wait when over one. */
  spend(request: FastifyRequest, calls: number): number | undefined;
}

/** The RPC proxy of SPEC §7, served by rpcRoute.ts (HTTP) and rpcSocketRoute.ts (WebSocket): calls are counted over both together. */
export function createRpcProxy(services: ServerServices, log: (message: string) => void): RpcProxy {
  const settings = services.config.rpcProxy;
  const perNetwork = new CallBudget(settings.callsPerMinute);
  const perProject = new CallBudget(settings.projectCallsPerMinute);
  return {
    chains: createRpcChains(services, log),
    forwarder: createRpcForwarder(new AnswerCache(settings.cacheBytes)),
    settings,
    spend: (request, calls) => perNetwork.take(clientNetwork(request.ip), calls) ?? perProject.take(requestProjectId(request) ?? '', calls),
  };
}
