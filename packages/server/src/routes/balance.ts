import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { getBalances, type Balance } from '../account/getBalances.ts';
import { TtlCache } from '../cache/ttlCache.ts';
import { addressSchema, caip2ChainIdSchema, currencySchema } from '../http/schemas.ts';
import type { ServerServices } from '../services.ts';
import { requestedChains } from './chainParam.ts';

/** SPEC §9: portfolio and native balance are cached 30 s. */
export const BALANCE_TTL_MS = 30_000;

type Query = { currency: 'usd'; chainId?: string; forceUpdate?: boolean; projectId?: string; st?: string; sv?: string };

/** GET /v1/account/{address}/balance: native coin and ERC-20 holdings with USD prices. */
export function registerBalance(app: FastifyInstance, services: ServerServices): void {
  const cache = new TtlCache<string, Promise<Balance[]>>(BALANCE_TTL_MS);
  const forcedAt = new TtlCache<string, number>(services.config.forcedRefreshMs);
  app.get<{ Params: { address: string }; Querystring: Query }>(
    '/v1/account/:address/balance',
    {
      schema: {
        params: { type: 'object', required: ['address'], properties: { address: addressSchema } },
        querystring: {
          type: 'object',
          properties: {
            currency: currencySchema,
            chainId: caip2ChainIdSchema,
            forceUpdate: { type: 'boolean', description: 'true or false' },
          },
        },
      },
    },
    async (request, reply) => {
      const account = request.params.address as Address;
      const chains = requestedChains(services, request.query.chainId);
      const icons = services.iconUrls(request);
      const perChain = await Promise.all(
        chains.map((chain) => {
          const key = `${chain.config.chainId}:${account.toLowerCase()}:${icons.cacheKey}`;
          // A forced refresh reads the node again, but at most once per FORCED_REFRESH_MS per account
          // and chain: the ones in between get the last answer.
          const forced = request.query.forceUpdate === true && forcedAt.get(key) === undefined;
          let balances = forced ? undefined : cache.get(key);
          if (!balances) {
            if (forced) forcedAt.set(key, Date.now());
            balances = getBalances(services.db, chain, services.networks.get(chain.caip2), services.prices, icons, account, { fresh: forced });
            cache.set(key, balances);
            balances.catch(() => cache.delete(key)); // a failure is not cached
          }
          return balances;
        }),
      );
      void reply.header('cache-control', `private, max-age=${BALANCE_TTL_MS / 1000}`);
      return { balances: perChain.flat() };
    },
  );
}
