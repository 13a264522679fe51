import type { FastifyRequest } from 'fastify';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import type { RpcChain } from './rpcForwarder.ts';

const CHAIN_ID = /^(eip155|solana|polkadot):[-_a-zA-Z0-9]{1,64}$/;

/** The served chain a request's `chainId` names; a clear 400 for none or one not served. */
export function requestedChain(chains: Map<string, RpcChain>, request: FastifyRequest): RpcChain {
  const { chainId } = (request.query ?? {}) as { chainId?: unknown };
  if (chainId === undefined || chainId === '') throw new ApiError(400, 'Missing chainId: pass the chain as a CAIP-2 id, like ?chainId=eip155:1', 'chainId');
  const chain = typeof chainId === 'string' && CHAIN_ID.test(chainId) ? chains.get(chainId) : undefined;
  if (!chain) throw new ApiError(400, ERROR_TEXTS.chainNotConfigured('chainId', String(chainId).slice(0, 80)), 'chainId');
  return chain;
}
