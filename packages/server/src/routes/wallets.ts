import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import type { ServerServices } from '../services.ts';

type Query = { page: number; entries: number; search?: string; include?: string; exclude?: string; chains?: string; badge_type?: 'none' | 'certified' };

const ID_LIST = { type: 'string', maxLength: 20_000, pattern: '^[A-Za-z0-9._:+,-]*$', description: 'a comma-separated list of wallet ids' } as const;
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

const splitList = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter((item) => item !== '');

/** GET /getWallets: the wallet catalogue, paged (40 by default), searchable, filterable. */
export function registerWallets(app: FastifyInstance, services: ServerServices): void {
  app.get<{ Querystring: Query }>(
    '/getWallets',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, description: 'an integer from 1' },
            entries: { type: 'integer', minimum: 1, maximum: 100, default: 40, description: 'an integer from 1 to 100' },
            search: { type: 'string', maxLength: 100, description: 'at most 100 characters' },
            include: ID_LIST,
            exclude: ID_LIST,
            chains: { type: 'string', maxLength: 5_000, description: 'a comma-separated list of CAIP-2 chain ids' },
            badge_type: { type: 'string', enum: ['none', 'certified'], description: '"none" or "certified"' },
          },
        },
      },
    },
    async (request, reply) => {
      const { page, entries, search, include, exclude, chains, badge_type: badgeType } = request.query;
      const chainList = splitList(chains);
      const invalid = chainList?.find((chain) => !CAIP2.test(chain));
      if (invalid !== undefined) throw new ApiError(400, `Invalid query parameter "chains": "${invalid.slice(0, 80)}" is not a CAIP-2 chain id such as eip155:1`, 'chains');
      void reply.header('cache-control', 'public, max-age=300');
      return services.wallets.query({ page, entries, search, include: splitList(include), exclude: splitList(exclude), chains: chainList, badgeType });
    },
  );
}
