import type { FastifyInstance } from 'fastify';
import { valueCache } from '../cache/sharedTtlCache.ts';
import type { TtlCache } from '../cache/ttlCache.ts';
import { requestProjectId } from '../http/rateLimits.ts';
import { addressSchema } from '../http/schemas.ts';
import { NameStore } from '../names/nameStore.ts';
import type { ServerServices } from '../services.ts';

/** SPEC §9: identity is cached 5 min. */
export const IDENTITY_TTL_MS = 5 * 60_000;
const CACHE_CONTROL = `public, max-age=${IDENTITY_TTL_MS / 1000}`;
/** A cached answer's own headers, as the fast lane writes them. */
const CACHED_HEADERS = ['cache-control', CACHE_CONTROL, 'content-type', 'application/json; charset=utf-8'];

type Identity = { name: string | null; avatar: string | null };

const caches = new WeakMap<ServerServices, TtlCache<string, Identity>>();

/** The server's identity cache (one per server), so a name registration can drop a stale entry. */
export function identityCacheOf(services: ServerServices): TtlCache<string, Identity> {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = valueCache<Identity>(services.cacheBus, 'identity', IDENTITY_TTL_MS)));
  return cache;
}

/** GET /v1/identity/{address}: the address's newest registered name in the zone and its avatar; nulls when none. */
export function registerIdentity(app: FastifyInstance, services: ServerServices): void {
  const cache = identityCacheOf(services);
  // Only names in the server's zone (issue 22, item 7), as /v1/profile answers them.
  const names = new NameStore(services.db, services.config.nameZone);
  app.get<{ Params: { address: string }; Querystring: { sender?: string } }>(
    '/v1/identity/:address',
    {
      schema: {
        params: { type: 'object', required: ['address'], properties: { address: addressSchema } },
        querystring: { type: 'object', properties: { sender: addressSchema } },
      },
    },
    async (request, reply) => {
      const address = request.params.address.toLowerCase();
      let identity = cache.get(address);
      // Asked again, this URL is answered by the fast lane while the identity stays cached.
      if (identity) services.fastLane?.remember(request, requestProjectId(request) ?? '', CACHED_HEADERS, () => answerOf(cache.get(address)));
      else {
        const [row] = await names.namesOf(address, 1);
        identity = { name: row?.name ?? null, avatar: row?.avatar ?? null };
        cache.set(address, identity);
      }
      void reply.header('cache-control', CACHE_CONTROL);
      return identity;
    },
  );
}

/** The answer's JSON, as Fastify serializes the route's answer (no response schema: JSON.stringify). */
const answerOf = (identity: Identity | undefined) => (identity === undefined ? undefined : JSON.stringify(identity));
