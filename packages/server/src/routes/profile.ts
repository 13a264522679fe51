import { isValidNameLabel, parseNameRegistration } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { SIGNATURE_SCHEMA } from '../auth/authRoutes.ts';
import { verifySignature } from '../auth/verifySignature.ts';
import { ApiError } from '../http/errors.ts';
import { loginLimit, sharedRateLimit } from '../http/rateLimits.ts';
import { addressSchema } from '../http/schemas.ts';
import { DailyCapReached } from '../limits/dailyCaps.ts';
import type { NamesTable } from '../db/schema.ts';
import { NameStore } from '../names/nameStore.ts';
import { clientNetwork } from '../http/clientNetwork.ts';
import type { ServerServices } from '../services.ts';
import { identityCacheOf } from './identity.ts';

/** A registration's timestamp must be within this of the server's clock; its nonce lives as long. */
export const NAME_REGISTRATION_WINDOW_S = 10 * 60;
/** SLIP-44 coin type of Ether: names are supported only on eip155 (SPEC §5). */
const ETH_COIN_TYPE = 60;
const SUGGESTIONS = 5;
const tomorrow = 'try again after 00:00 UTC';

export const NAME_ERRORS = {
  invalidName: "Names are letters, digits and hyphens, at least 4 characters, ending in this server's zone",
  eip155Only: 'Names are supported only on eip155 (coin_type 60)',
  badMessage:
    'The message must be the registration this address signed, as canonical JSON: {"address","name","nonce","timestamp","zone"} in that order, no spaces, no other keys',
  otherZone: (zone: string) => `This server registers names only under ${zone}`,
  stale: 'The registration is too old (or from the future): sign it again',
  badSignature: 'The signature does not match the address',
  nonceUnknownOrUsed: 'The registration nonce is not one this server issued, or it is used or expired: get a new one (GET /v1/profile/nonce) and sign again',
  older: "This address has a registration signed at the same time or later: sign a new one",
  taken: 'This name is taken',
  notFound: 'Error resolving name',
  ipCap: (max: number) => `Your network has registered its ${max} names for today: ${tomorrow}`,
  dayCap: (max: number) => `This server has registered all its ${max} names for today: ${tomorrow}`,
} as const;

const profileOf = (row: NamesTable) => ({
  name: row.name,
  addresses: { [ETH_COIN_TYPE]: { address: getAddress(row.address) } },
  attributes: row.avatar ? { avatar: row.avatar } : {},
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * SPEC §7 names: resolve, reverse, suggest and register (signed by the address), only in the
 * server's own zone (issue 22, item 7); a registration carries the zone and a nonce this server
 * issued (GET /v1/profile/nonce), so it is good once and on this server only (item 8).
 */
export function registerProfile(app: FastifyInstance, services: ServerServices): void {
  const store = new NameStore(services.db, services.config.nameZone);
  const { zone } = store;
  const { perIpPerDay, perDay } = services.config.nameRegistrations;
  const label = (name: string) => name.slice(0, -zone.length);
  const nameParam = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

  app.get<{ Params: { name: string } }>('/v1/profile/account/:name', { schema: { params: nameParam } }, async (request) => {
    const name = request.params.name.toLowerCase();
    // Another zone's names are not this server's to answer: not found, whatever it holds.
    if (!store.inZone(name)) throw new ApiError(404, NAME_ERRORS.notFound, 'name');
    if (!isValidNameLabel(label(name))) throw new ApiError(400, NAME_ERRORS.invalidName, 'name');
    const row = await store.resolve(name);
    if (!row) throw new ApiError(404, NAME_ERRORS.notFound, 'name');
    return profileOf(row);
  });

  app.get<{ Params: { address: string } }>(
    '/v1/profile/reverse/:address',
    { schema: { params: { type: 'object', required: ['address'], properties: { address: addressSchema } } } },
    async (request) => (await store.namesOf(request.params.address, 10)).map(profileOf),
  );

  app.get<{ Params: { name: string }; Querystring: { zone?: string } }>(
    '/v1/profile/suggestions/:name',
    { schema: { params: nameParam, querystring: { type: 'object', properties: { zone: { type: 'string', maxLength: 40 } } } } },
    async (request) => {
      const asked = request.query.zone?.toLowerCase();
      if (asked && (asked.startsWith('.') ? asked : `.${asked}`) !== zone) throw new ApiError(400, NAME_ERRORS.otherZone(zone), 'zone');
      const wanted = request.params.name.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 50);
      if (!isValidNameLabel(wanted)) return { suggestions: [] };
      const candidates = [wanted, ...Array.from({ length: 12 }, (_, index) => `${wanted}${index + 1}`)].map((candidate) => `${candidate}${zone}`);
      const taken = await store.taken(candidates);
      return {
        suggestions: candidates
          .filter((candidate) => !taken.has(candidate))
          .slice(0, SUGGESTIONS)
          .map((name) => ({ name, registered: false })),
      };
    },
  );

  // A nonce is a database row: limited as the sign-in nonces are, per client and in all.
  const nonceLimits = {
    config: { rateLimit: loginLimit(services.config.rateLimit.noncePerIp) },
    preHandler: sharedRateLimit(app, 'name-nonce', services.config.rateLimit.nonceTotal, () => 'all'),
  };
  app.get('/v1/profile/nonce', nonceLimits, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { nonce: await store.issueNonce(Date.now(), NAME_REGISTRATION_WINDOW_S * 1000), zone };
  });

  app.post<{ Body: { coin_type: number; address: string; message: string; signature: Hex } }>(
    '/v1/profile/account',
    {
      schema: {
        body: {
          type: 'object',
          required: ['coin_type', 'address', 'message', 'signature'],
          properties: {
            coin_type: { type: 'integer' },
            address: addressSchema,
            message: { type: 'string', maxLength: 1000 },
            signature: SIGNATURE_SCHEMA,
            projectId: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const { coin_type: coinType, message, signature } = request.body;
      if (coinType !== ETH_COIN_TYPE) throw new ApiError(400, NAME_ERRORS.eip155Only, 'coin_type');
      const address = getAddress(request.body.address) as Address;
      const registration = parseNameRegistration(message);
      if (!registration || !/^0x[0-9a-fA-F]{40}$/.test(registration.address) || !isAddressEqual(registration.address as Address, address)) {
        throw new ApiError(400, NAME_ERRORS.badMessage, 'message');
      }
      const name = registration.name.toLowerCase();
      if (registration.zone !== zone || !store.inZone(name)) throw new ApiError(400, NAME_ERRORS.otherZone(zone), 'message');
      if (!isValidNameLabel(label(name))) throw new ApiError(400, NAME_ERRORS.invalidName, 'message');
      const now = Date.now();
      if (Math.abs(now / 1000 - registration.timestamp) > NAME_REGISTRATION_WINDOW_S) throw new ApiError(400, NAME_ERRORS.stale, 'message');
      // A contract account's signature is checked on the server's first chain.
      const chain = services.chains.values().next().value;
      if (!(await verifySignature({ address, message, signature, chain }))) throw new ApiError(401, NAME_ERRORS.badSignature, 'signature');
      // Taken whatever follows: a signed registration is good for one try.
      if (!(await store.consumeNonce(registration.nonce, now))) throw new ApiError(401, NAME_ERRORS.nonceUnknownOrUsed, 'message');
      const owner = address.toLowerCase();
      const caps = [
        { scope: 'names-ip', key: clientNetwork(request.ip), max: perIpPerDay },
        { scope: 'names-all', key: '', max: perDay },
      ];
      let outcome;
      try {
        outcome = await store.register({ name, address: owner, signedAt: registration.timestamp, caps }, now);
      } catch (error) {
        if (!(error instanceof DailyCapReached)) throw error;
        throw new ApiError(429, error.cap.scope === 'names-ip' ? NAME_ERRORS.ipCap(error.cap.max) : NAME_ERRORS.dayCap(error.cap.max));
      }
      if (outcome === 'taken') throw new ApiError(409, NAME_ERRORS.taken, 'message');
      if (outcome === 'older') throw new ApiError(409, NAME_ERRORS.older, 'message');
      identityCacheOf(services).delete(owner);
      return reply.code(201).send({ name, address });
    },
  );
}
