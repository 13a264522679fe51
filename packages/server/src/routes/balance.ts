import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { getBalances, type Balance } from '../account/getBalances.ts';
import { readCache, valueCache } from '../cache/sharedTtlCache.ts';
import { requestProjectId } from '../http/rateLimits.ts';
import { currencySchema } from '../http/schemas.ts';
import { balanceAddressSchema, balanceChainIdSchema, solanaBalanceReader } from './solanaBalance.ts';
import type { ChainContext } from '../chain/chainContext.ts';
import type { ServerServices } from '../services.ts';
import { requestedChains } from './chainParam.ts';
import { keptLaneBody } from './keptLaneBody.ts';

/** SPEC §9: portfolio and native balance are cached 30 s. */
export const BALANCE_TTL_MS = 30_000;

type Query = { currency: 'usd'; chainId?: string; forceUpdate?: boolean; projectId?: string; st?: string; sv?: string };

/** GET /v1/account/{address}/balance: native coin and ERC-20 holdings with USD prices. */
export function registerBalance(app: FastifyInstance, services: ServerServices): void {
  const cache = readCache<Balance[]>(services.cacheBus, 'balance', BALANCE_TTL_MS);
  // Per account and chain, the head block of the last forced read: a forced read goes to the node
  // once per new block (the visitor's own transaction makes one), never twice for the same block.
  const forcedAt = valueCache<number>(services.cacheBus, 'balance-forced', services.config.forcedRefreshMs);
  const solanaBalances = solanaBalanceReader(services);
  const read = settledReads<Balance[]>();
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
    (request, reply) => {
      const force = request.query.forceUpdate === true;
      // A forced answer is for this moment only: no HTTP cache on the way may keep it.
      void reply.header('cache-control', force ? 'no-store' : `private, max-age=${BALANCE_TTL_MS / 1000}`);
      // SPEC §9: balances for eip155 and solana; a Solana address or chain goes to its own reader.
      const solana = solanaBalances(request.params.address, request.query.chainId, force);
      if (solana) return solana.then((balances) => ({ balances }));
      const account = request.params.address as Address;
      const chains = requestedChains(services, request.query.chainId);
      const icons = services.iconUrls(request);
      const keys = chains.map((chain) => `${chain.config.chainId}:${account.toLowerCase()}:${icons.cacheKey}`);
      // The fast path: every chain's answer cached and already read, sent at once without a promise.
      const ready = force ? [] : keys.map((key) => read.settled(cache.get(key)));
      if (ready.length > 0 && ready.every((balances): balances is Balance[] => balances !== undefined)) {
        // Asked again, this URL is answered by the fast lane while every chain's answer stays cached.
        services.fastLane?.remember(request, requestProjectId(request) ?? '', CACHED_HEADERS, keptLaneBody(keys, (key) => cache.get(key), read.settled, balancesBody));
        return void reply.type(JSON_TYPE).send(balancesBody(ready));
      }
      return Promise.all(
        chains.map(async (chain, i) => {
          const key = keys[i]!;
          const head = force ? await chainHead(chain) : undefined;
          const newBlock = head !== undefined && (forcedAt.get(key) ?? -1) < head ? head : undefined;
          const forced = newBlock !== undefined;
          let balances = forced ? undefined : cache.get(key);
          if (!balances) {
            if (forced) forcedAt.set(key, newBlock);
            // A forced read follows a transaction the visitor just saw mined: the token it brought is
            // known once the indexer has stored that block, so the read waits for it (bounded).
            const indexed = forced && services.config.indexer.enabled ? services.indexer.reached(chain.config.chainId, newBlock, FORCED_READ_INDEX_WAIT_MS) : undefined;
            balances = getBalances(services.db, chain, services.networks.get(chain.caip2), services.prices, icons, account, { fresh: forced, ...(indexed ? { indexed } : {}) });
            cache.set(key, balances);
            balances.catch(() => cache.delete(key)); // a failure is not cached
          }
          return read.await(balances);
        }),
      ).then((perChain) => reply.type(JSON_TYPE).send(balancesBody(perChain)));
    },
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** A cached answer's own headers, as the fast lane writes them. */
const CACHED_HEADERS = ['cache-control', `private, max-age=${BALANCE_TTL_MS / 1000}`, 'content-type', JSON_TYPE];

/** The reads whose answers have come, so that a cached answer is sent without waiting on its promise again. */
function settledReads<V>() {
  const values = new WeakMap<Promise<V>, V>();
  return {
    settled: (read: Promise<V> | undefined) => (read === undefined ? undefined : values.get(read)),
    await: async (read: Promise<V>) => {
      const value = await read;
      values.set(read, value);
      return value;
    },
  };
}

/**
 * The answer's JSON, serialized once per cached read: a cached answer is sent as the bytes it was
 * the first time, not serialized per request. One chain's answer is kept whole; several chains'
 * are joined from each chain's kept items.
 */
const serialized = new WeakMap<Balance[], { items: string; body: string }>();
function serializedBalances(balances: Balance[]) {
  let json = serialized.get(balances);
  if (json === undefined) {
    const items = JSON.stringify(balances).slice(1, -1);
    json = { items, body: `{"balances":[${items}]}` };
    serialized.set(balances, json);
  }
  return json;
}

function balancesBody(perChain: Balance[][]): string {
  if (perChain.length === 1) return serializedBalances(perChain[0]!).body;
  return `{"balances":[${perChain.map((balances) => serializedBalances(balances).items).filter(Boolean).join(',')}]}`;
}

/** The chain's head block, or undefined when the node does not answer (the read then fails or is served as cached). */
async function chainHead(chain: ChainContext): Promise<number | undefined> {
  try {
    return Number(BigInt(await chain.rpc.call<string>('eth_blockNumber')));
  } catch {
    return undefined;
  }
}

/** How long a forced balance read waits for the indexer to store the chain's head block. */
export const FORCED_READ_INDEX_WAIT_MS = 3_000;
