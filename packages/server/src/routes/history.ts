import type { FastifyInstance } from 'fastify';
import { decodeCursor } from '../account/historyCursor.ts';
import { getHistory } from '../account/getHistory.ts';
import { getOnrampHistory } from '../account/onrampHistory.ts';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import { addressSchema, caip2ChainIdSchema } from '../http/schemas.ts';
import type { ServerServices } from '../services.ts';
import { requestedChains } from './chainParam.ts';
import { LOCAL_ONRAMP, LOCAL_ONRAMP_PROVIDERS } from '../onramp/onrampProviders.ts';
import { SessionStore } from '../auth/sessionStore.ts';
import { signedInAs } from '../account/signedInAs.ts';

export const HISTORY_PAGE_SIZE = 20;

type Query = { cursor?: string; chainId?: string; onramp?: 'coinbase' | 'local'; limit: number };

/** GET /v1/account/{account}/history: the account's transactions, newest first, by cursor. */
export function registerHistory(app: FastifyInstance, services: ServerServices): void {
  const sessions = new SessionStore(services.db);
  app.get<{ Params: { account: string }; Querystring: Query }>(
    '/v1/account/:account/history',
    {
      schema: {
        params: { type: 'object', required: ['account'], properties: { account: addressSchema } },
        querystring: {
          type: 'object',
          properties: {
            cursor: { type: 'string', maxLength: 512, pattern: '^[A-Za-z0-9_-]*$', description: 'the `next` value of the previous page' },
            chainId: caip2ChainIdSchema,
            onramp: { type: 'string', enum: ['coinbase', 'local'], description: '"local" (this server\'s own providers) or "coinbase"' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: HISTORY_PAGE_SIZE, description: 'an integer from 1 to 100' },
          },
        },
      },
    },
    async (request, reply) => {
      const { cursor, chainId, onramp, limit } = request.query;
      void reply.header('cache-control', 'no-store');
      const chains = requestedChains(services, chainId);
      const after = cursor ? decodeCursor(cursor) : undefined;
      if (cursor && !after) throw new ApiError(400, ERROR_TEXTS.invalidCursor, 'cursor');
      // The purchases through this server's own provider; it runs no Coinbase onramp, so knows none of those.
      if (onramp === LOCAL_ONRAMP) {
        const deps = { db: services.db, networks: services.networks, icons: services.iconUrls(request), chains: services.chains, providers: LOCAL_ONRAMP_PROVIDERS };
        // Issue 28: what the chain shows (the payment, its amount, its status) is anyone's to read;
        // what was paid in money and to which provider is not. Those go only to a caller holding the
        // address's sign-in session: a signature proved it holds the address, the session is an
        // HttpOnly cookie (or a cross-site client's bearer token) that no script of the page reads,
        // and it covers every purchase of the address, whichever browser bought. (A per-purchase
        // token kept by the buying browser would sit in script-readable storage, which Cairn keeps
        // free of secrets, and would show nothing to the visitor on another device.)
        const details = await signedInAs(request, sessions, services.config.publicUrl, request.params.account);
        return getOnrampHistory(deps, request.params.account, chains.map((chain) => chain.config.chainId), limit, { details });
      }
      if (onramp) return { data: [], next: null };
      return getHistory(
        { db: services.db, chains: services.chains, networks: services.networks, icons: services.iconUrls(request), isSpam: services.isSpam },
        request.params.account,
        chains.map((chain) => chain.config.chainId),
        after,
        limit,
      );
    },
  );
}
