import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { getBalances, type Balance } from '../account/getBalances.ts';
import { readCache, valueCache } from '../cache/sharedTtlCache.ts';
import { currencySchema } from '../http/schemas.ts';
import { balanceAddressSchema, balanceChainIdSchema, solanaBalanceReader } from './solanaBalance.ts';
import type { ChainContext } from '../chain/chainContext.ts';
import type { ServerServices } from '../services.ts';
import { requestedChains } from './chainParam.ts';

/** SPEC §9: portfolio and native balance are cached 30 s. */
export const BALANCE_TTL_MS = 30_000;

type Query = { currency: 'usd'; chainId?: string; forceUpdate?: boolean; projectId?: string; st?: string; sv?: string };

/** GET /v1/account/{address}/balance: native coin and ERC-20 holdings with USD prices. */
export function registerBalance(app: FastifyInstance, services: ServerServices): void {
  const cache = readCache<Balance[]>(services.cacheBus, 'balance', BALANCE_TTL_MS);
  const forcedAt = valueCache<number>(services.cacheBus, 'balance-forced', services.config.forcedRefreshMs);
  const solanaBalances = solanaBalanceReader(services);
  app.get<{ Params: { address: string }; Querystring: Query }>(
    '/v1/account/:address/balance',
    {
      schema: {
        params: { type: 'object', required: ['address'], properties: { address: balanceAddressSchema } },
        querystring: {
          type: 'object',
          properties: {
            currency: currencySchema,
            chainId: balanceChainIdSchema,
            forceUpdate: { type: 'boolean', description: 'true or false' },
          },
        },
      },
    },
    async (request, reply) => {
      // SPEC §9: balances for eip155 and solana; a Solana address or chain goes to its own reader.
      const solana = await solanaBalances(request.params.address, request.query.chainId, request.query.forceUpdate === true);
      if (solana) {
        void reply.header('cache-control', `private, max-age=${BALANCE_TTL_MS / 1000}`);
        return { balances: solana };
      }
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
            // A forced read follows a transaction the visitor just saw mined: the token it brought is
            // known once the indexer has stored that block, so the read waits for it (bounded).
            const caughtUp = forced && services.config.indexer.enabled ? indexerAtHead(services, chain) : Promise.resolve();
            balances = caughtUp.then(() =>
              getBalances(services.db, chain, services.networks.get(chain.caip2), services.prices, icons, account, { fresh: forced }),
            );
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

/** How long a forced balance read waits for the indexer to store the chain's head block. */
export const FORCED_READ_INDEX_WAIT_MS = 3_000;

async function indexerAtHead(services: ServerServices, chain: ChainContext): Promise<void> {
  const head = Number(BigInt(await chain.rpc.call<string>('eth_blockNumber')));
  await services.indexer.reached(chain.config.chainId, head, FORCED_READ_INDEX_WAIT_MS);
}
