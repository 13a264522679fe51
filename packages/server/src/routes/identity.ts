import type { FastifyInstance } from 'fastify';
import { valueCache } from '../cache/sharedTtlCache.ts';
import type { TtlCache } from '../cache/ttlCache.ts';
import { addressSchema } from '../http/schemas.ts';
import { NameStore } from '../names/nameStore.ts';
import type { ServerServices } from '../services.ts';

/** SPEC §9: identity is cached 5 min. */
export const IDENTITY_TTL_MS = 5 * 60_000;

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
      if (!identity) {
        const [row] = await names.namesOf(address, 1);
        identity = { name: row?.name ?? null, avatar: row?.avatar ?? null };
        cache.set(address, identity);
      }
      void reply.header('cache-control', `public, max-age=${IDENTITY_TTL_MS / 1000}`);
      return identity;
    },
  );
}
