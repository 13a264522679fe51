import type { FastifyInstance } from 'fastify';
import { getAddress, type Address, type Hex } from 'viem';
import { ApiError } from '../http/errors.ts';
import { addressSchema } from '../http/schemas.ts';
import type { ServerServices } from '../services.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { SIGNATURE_SCHEMA } from './authRoutes.ts';
import { sessionToken } from './sessionCookie.ts';
import { SessionStore } from './sessionStore.ts';
import { verifySignature } from './verifySignature.ts';

/** The exact text an address signs (personal_sign) to revoke one of its sessions. */
export function revokeMessage(sessionId: string): string {
  return `Revoke Cairn session ${sessionId}`;
}

/** SPEC §7: GET /v1/sessions/{address} and POST /v1/sessions/{address}/revoke. */
export function registerSessions(app: FastifyInstance, services: ServerServices): void {
  const store = new SessionStore(services.db);
  const params = { type: 'object', required: ['address'], properties: { address: addressSchema } } as const;

  app.get<{ Params: { address: string } }>('/v1/sessions/:address', { schema: { params } }, async (request, reply) => {
    // Only the address's own session (cookie or bearer) may list its sessions.
    const token = sessionToken(request, services.config.publicUrl);
    if (!token) throw new ApiError(401, AUTH_ERRORS.noSession);
    const own = await store.findByToken(token, Date.now());
    if (!own) throw new ApiError(401, AUTH_ERRORS.sessionEnded);
    if (own.address.toLowerCase() !== request.params.address.toLowerCase()) throw new ApiError(403, AUTH_ERRORS.sessionOfAnotherAddress);
    const sessions = await store.activeSessions(request.params.address, Date.now());
    void reply.header('cache-control', 'no-store');
    return { sessions: sessions.map(({ id, chainId, domain, issuedAt, expirationTime }) => ({ id, chainId, domain, issuedAt, expirationTime })) };
  });

  app.post<{ Params: { address: string }; Body: { pci: string; signature: Hex } }>(
    '/v1/sessions/:address/revoke',
    {
      schema: {
        params,
        body: {
          type: 'object',
          required: ['pci', 'signature'],
          additionalProperties: false,
          properties: {
            pci: { type: 'string', pattern: '^[0-9a-f-]{36}$', description: 'a session id from GET /v1/sessions/{address}' },
            signature: SIGNATURE_SCHEMA,
            projectId: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const address = getAddress(request.params.address) as Address;
      const { pci, signature } = request.body;
      const session = await store.sessionOf(address, pci);
      if (!session) throw new ApiError(404, AUTH_ERRORS.sessionNotFound, 'pci');
      // A contract account's signature is checked on the chain it signed in on.
      const chain = services.chains.get(Number(session.chainId));
      if (!(await verifySignature({ address, message: revokeMessage(pci), signature, chain }))) throw new ApiError(401, AUTH_ERRORS.badSignature);
      await store.revokeById(pci, Date.now());
      return reply.code(204).send();
    },
  );
}
