import type { HistoryPage } from '@cairn/core';
import { formatUnits, getAddress } from 'viem';
import type { Network } from '../catalogue/networks.ts';
import type { Db } from '../db/database.ts';
import type { IconUrls } from './iconUrls.ts';

/**
 * The history's onramp view (SPEC §7 `onramp`): the purchases through one provider, newest first,
 * as transactions that bring the bought coin in. One page: a visitor's purchases are few.
 */
export async function getOnrampHistory(
  deps: { db: Db; networks: Map<string, Network>; icons: IconUrls },
  provider: string,
  account: string,
  chainIds: readonly number[],
  limit: number,
): Promise<HistoryPage> {
  const rows = await deps.db
    .selectFrom('onramp_purchases')
    .selectAll()
    .where('provider', '=', provider)
    .where('address', '=', account.toLowerCase())
    .where('chain_id', 'in', chainIds.length > 0 ? [...chainIds] : [-1])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return {
    data: rows.map((row) => {
      const caip2 = `eip155:${row.chain_id}`;
      const native = deps.networks.get(caip2)?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 };
      return {
        id: `onramp:${row.hash}`,
        metadata: {
          operationType: 'receive' as const,
          hash: row.hash,
          minedAt: new Date(row.created_at).toISOString(),
          chain: caip2,
          status: 'confirmed' as const,
          sentFrom: getAddress(row.sent_from),
          sentTo: getAddress(row.address),
          nonce: 0,
        },
        transfers: [
          {
            fungible_info: { name: native.name, symbol: native.symbol, icon: { url: deps.icons.native(caip2) }, decimals: native.decimals },
            direction: 'in' as const,
            quantity: { numeric: formatUnits(BigInt(row.crypto_amount), native.decimals) },
          },
        ],
      };
    }),
    next: null,
  };
}
