import { NATIVE_TOKEN_ADDRESS } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { getAddress } from 'viem';
import { TtlCache } from '../cache/ttlCache.ts';
import { readTokenMetadata, type TokenMetadata } from '../tokens/readTokenMetadata.ts';
import { caip10AddressSchema, currencySchema } from '../http/schemas.ts';
import { NATIVE } from '../prices/poolPrices.ts';
import type { ServerServices } from '../services.ts';
import { configuredChain } from './chainParam.ts';

type Body = { currency: 'usd'; addresses: string[]; projectId?: string };

/** Token addresses one request may have read from the node (the rest are answered as unknown tokens). */
export const UNKNOWN_TOKENS_PER_REQUEST = 20;
/** How long a token's on-chain metadata (or the answer that it has none) is remembered. */
const METADATA_TTL_MS = 10 * 60_000;
type Fungible = { name: string; symbol: string; iconUrl: string; price: number; address: string };

/** POST /v1/fungible/price: USD prices of tokens named by CAIP-10 id (0xeeee…eeee: native coin). */
export function registerFungiblePrice(app: FastifyInstance, services: ServerServices): void {
  const readMetadata = new TtlCache<string, TokenMetadata>(METADATA_TTL_MS, 50_000);
  app.post<{ Body: Body }>(
    '/v1/fungible/price',
    {
      schema: {
        body: {
          type: 'object',
          required: ['addresses'],
          additionalProperties: false,
          properties: {
            currency: currencySchema,
            addresses: { type: 'array', minItems: 1, maxItems: 100, items: caip10AddressSchema, description: 'a list of 1 to 100 CAIP-10 token ids' },
            projectId: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const icons = services.iconUrls(request);
      const wanted = request.body.addresses.map((caip10, index) => {
        const [namespace, reference, address] = caip10.split(':') as [string, string, string];
        return { caip10, chain: configuredChain(services, `${namespace}:${reference}`, `addresses[${index}]`), address: address.toLowerCase() };
      });
      const fungibles: Fungible[] = [];
      for (const chain of new Set(wanted.map((item) => item.chain))) {
        const items = wanted.filter((item) => item.chain === chain);
        const tokenAddresses = [...new Set(items.map((item) => item.address).filter((address) => address !== NATIVE_TOKEN_ADDRESS))];
        const stored = tokenAddresses.length === 0 ? [] : await services.db
          .selectFrom('tokens')
          .select(['address', 'name', 'symbol', 'decimals'])
          .where('chain_id', '=', chain.config.chainId)
          .where('address', 'in', tokenAddresses)
          .execute();
        const metadata = new Map<string, TokenMetadata>(stored.map((token) => [token.address, token]));
        for (const address of tokenAddresses) {
          const remembered = metadata.has(address) ? undefined : readMetadata.get(`${chain.config.chainId}:${address}`);
          if (remembered) metadata.set(address, remembered);
        }
        // Addresses nobody has seen cost the node three eth_calls each: a few per request, and each
        // answer (a token's, or "not a token") remembered for a while.
        const unknown = tokenAddresses.filter((address) => !metadata.has(address)).slice(0, UNKNOWN_TOKENS_PER_REQUEST);
        const read = await readTokenMetadata(chain.rpc, unknown.map((address) => ({ address, standard: 'erc20' as const })));
        unknown.forEach((address, index) => {
          metadata.set(address, read[index]!);
          readMetadata.set(`${chain.config.chainId}:${address}`, read[index]!);
        });
        const native = services.networks.get(chain.caip2)?.nativeCurrency ?? { name: 'Native coin', symbol: 'ETH', decimals: 18 };
        const prices = await services.prices.usdPrices(
          chain,
          items.map(({ address }) => (address === NATIVE_TOKEN_ADDRESS ? { address: NATIVE, decimals: native.decimals } : { address, decimals: metadata.get(address)?.decimals ?? 18 })),
        );
        for (const { address } of items) {
          const isNative = address === NATIVE_TOKEN_ADDRESS;
          const token = metadata.get(address);
          fungibles.push({
            name: isNative ? native.name : (token?.name ?? token?.symbol ?? 'Unknown token'),
            symbol: isNative ? native.symbol : (token?.symbol ?? ''),
            iconUrl: isNative ? icons.native(chain.caip2) : icons.token(chain.config.chainId, address),
            price: prices.get(isNative ? NATIVE : address) ?? 0,
            address: `${chain.caip2}:${isNative ? NATIVE_TOKEN_ADDRESS : getAddress(address)}`,
          });
        }
      }
      return { fungibles };
    },
  );
}
