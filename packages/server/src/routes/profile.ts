import { isValidNameLabel, KNOWN_NAME_ZONES, parseNameRegistration } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { SIGNATURE_SCHEMA } from '../auth/authRoutes.ts';
import { verifySignature } from '../auth/verifySignature.ts';
import { ApiError } from '../http/errors.ts';
import { addressSchema } from '../http/schemas.ts';
import type { ServerServices } from '../services.ts';
import { identityCacheOf } from './identity.ts';

/** The server's own name suffix (SPEC §9 lists the field's; this server issues its own). */
/** A registration's timestamp must be within this of the server's clock. */
export const NAME_REGISTRATION_WINDOW_S = 10 * 60;
/** SLIP-44 coin type of Ether: names are supported only on eip155 (SPEC §5). */
const ETH_COIN_TYPE = 60;
const SUGGESTIONS = 5;

export const NAME_ERRORS = {
  invalidName: 'Names are letters, digits and hyphens, at least 4 characters, ending in a supported zone',
  eip155Only: 'Names are supported only on eip155 (coin_type 60)',
  badMessage: 'The message must be the registration (name, address, timestamp) this address signed',
  stale: 'The registration is too old (or from the future): sign it again',
  badSignature: 'The signature does not match the address',
  taken: 'This name is taken',
  notFound: 'Error resolving name',
} as const;

type NameRow = { name: string; address: string; avatar: string | null; created_at: number };

const profileOf = (row: NameRow) => ({
  name: row.name,
  addresses: { [ETH_COIN_TYPE]: { address: getAddress(row.address) } },
  attributes: row.avatar ? { avatar: row.avatar } : {},
  created_at: new Date(row.created_at).toISOString(),
});

/** SPEC §7 names: resolve, reverse, suggest and register (with a signature by the address). */
export function registerProfile(app: FastifyInstance, services: ServerServices): void {
  const zone = services.config.nameZone;
  const zones = [zone, ...KNOWN_NAME_ZONES.filter((known) => known !== zone)];
  const split = (name: string) => {
    const lower = name.toLowerCase();
    const found = zones.find((candidate) => lower.endsWith(candidate));
    return found ? { label: lower.slice(0, -found.length), zone: found } : undefined;
  };
  const isValidName = (name: string) => {
    const parts = split(name);
    return parts !== undefined && isValidNameLabel(parts.label);
  };
  const nameParam = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

  app.get<{ Params: { name: string } }>('/v1/profile/account/:name', { schema: { params: nameParam } }, async (request) => {
    const name = request.params.name.toLowerCase();
    if (!isValidName(name)) throw new ApiError(400, NAME_ERRORS.invalidName, 'name');
    const row = await services.db.selectFrom('names').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) throw new ApiError(404, NAME_ERRORS.notFound, 'name');
    return profileOf(row);
  });

  app.get<{ Params: { address: string } }>(
    '/v1/profile/reverse/:address',
    { schema: { params: { type: 'object', required: ['address'], properties: { address: addressSchema } } } },
    async (request) => {
      const rows = await services.db.selectFrom('names').selectAll().where('address', '=', request.params.address.toLowerCase()).orderBy('created_at', 'desc').limit(10).execute();
      return rows.map(profileOf);
    },
  );

  app.get<{ Params: { name: string }; Querystring: { zone?: string } }>(
    '/v1/profile/suggestions/:name',
    { schema: { params: nameParam, querystring: { type: 'object', properties: { zone: { type: 'string', maxLength: 40 } } } } },
    async (request) => {
      const suffix = request.query.zone ? (request.query.zone.startsWith('.') ? request.query.zone : `.${request.query.zone}`).toLowerCase() : zone;
      if (!zones.includes(suffix)) throw new ApiError(400, NAME_ERRORS.invalidName, 'zone');
      const label = request.params.name.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 50);
      if (!isValidNameLabel(label)) return { suggestions: [] };
      const candidates = [label, ...Array.from({ length: 12 }, (_, index) => `${label}${index + 1}`)].map((candidate) => `${candidate}${suffix}`);
      const taken = new Set((await services.db.selectFrom('names').select('name').where('name', 'in', candidates).execute()).map((row) => row.name));
      return {
        suggestions: candidates
          .filter((candidate) => !taken.has(candidate))
          .slice(0, SUGGESTIONS)
          .map((name) => ({ name, registered: false })),
      };
    },
  );

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
      if (!isValidName(name)) throw new ApiError(400, NAME_ERRORS.invalidName, 'message');
      if (Math.abs(Date.now() / 1000 - registration.timestamp) > NAME_REGISTRATION_WINDOW_S) throw new ApiError(400, NAME_ERRORS.stale, 'message');
      // A contract account's signature is checked on the server's first chain.
      const chain = services.chains.values().next().value;
      if (!(await verifySignature({ address, message, signature, chain }))) throw new ApiError(401, NAME_ERRORS.badSignature, 'signature');
      const owner = address.toLowerCase();
      const created = await services.db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('names').select('address').where('name', '=', name).executeTakeFirst();
        if (existing && existing.address !== owner) return false;
        // One primary name per address: a new registration replaces the old one.
        await trx.deleteFrom('names').where('address', '=', owner).execute();
        await trx.insertInto('names').values({ name, address: owner, avatar: null, created_at: Date.now() }).execute();
        return true;
      });
      if (!created) throw new ApiError(409, NAME_ERRORS.taken, 'message');
      identityCacheOf(services).delete(owner);
      return reply.code(201).send({ name, address });
    },
  );
}
