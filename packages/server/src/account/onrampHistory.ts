import type { HistoryPage } from '@cairn/core';
import { formatUnits, getAddress, type Hex } from 'viem';
import type { Network } from '../catalogue/networks.ts';
import type { ChainContext } from '../chain/chainContext.ts';
import type { Db } from '../db/database.ts';
import type { OnrampPurchasesTable, OnrampPurchaseStatus } from '../db/schema.ts';
import type { OnrampProviderProfile } from '../onramp/onrampProviders.ts';
import type { IconUrls } from './iconUrls.ts';

/** At most this many pending purchases are looked up on the chain per read: a page read costs a bounded number of RPC calls. */
export const PENDING_LOOKUPS_PER_READ = 5;

type Deps = { db: Db; networks: Map<string, Network>; icons: IconUrls; chains: ReadonlyMap<number, ChainContext>; providers: readonly OnrampProviderProfile[] };

/**
 * The history's onramp view (SPEC §3 coinbaseTransactions, §7 `onramp`): the purchases through
 * this server's providers, newest first, each a transaction that brings the bought coin in, with
 * its status (pending until mined) and, with `details`, its provider and what was paid. One page:
 * a visitor's purchases are few.
 */
export async function getOnrampHistory(deps: Deps, account: string, chainIds: readonly number[], limit: number, { details }: { details: boolean }): Promise<HistoryPage> {
  const rows = await deps.db
    .selectFrom('onramp_purchases')
    .selectAll()
    .where('provider', 'in', deps.providers.map((provider) => provider.id))
    .where('address', '=', account.toLowerCase())
    .where('chain_id', 'in', chainIds.length > 0 ? [...chainIds] : [-1])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  const pending = rows.filter((row) => row.status === 'pending').slice(0, PENDING_LOOKUPS_PER_READ);
  const settled = new Map((await Promise.all(pending.map((row) => settlePurchase(deps, row)))).flatMap((row) => (row ? [[row.hash, row] as const] : [])));
  return { data: rows.map((row) => purchaseTransaction(deps, settled.get(row.hash) ?? row, details)), next: null };
}

type PurchaseRow = Pick<OnrampPurchasesTable, 'hash' | 'provider' | 'chain_id' | 'address' | 'sent_from' | 'fiat_amount' | 'fiat_currency' | 'crypto_amount' | 'created_at' | 'status' | 'mined_at'>;

/** A pending purchase whose payment is now mined: its status and time, stored once. */
async function settlePurchase(deps: Deps, row: PurchaseRow): Promise<PurchaseRow | undefined> {
  const chain = deps.chains.get(Number(row.chain_id));
  if (!chain) return undefined;
  try {
    const receipt = await chain.client.getTransactionReceipt({ hash: row.hash as Hex });
    const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
    const status: OnrampPurchaseStatus = receipt.status === 'success' ? 'confirmed' : 'failed';
    const minedAt = Number(block.timestamp) * 1000;
    await deps.db.updateTable('onramp_purchases').set({ status, mined_at: minedAt }).where('hash', '=', row.hash).execute();
    return { ...row, status, mined_at: minedAt };
  } catch {
    return undefined; // not mined yet (or the node cannot say): still pending
  }
}

/** `details`: the provider and what was paid, for the address's own signed-in caller only. */
function purchaseTransaction(deps: Deps, row: PurchaseRow, details: boolean): HistoryPage['data'][number] {
  const caip2 = `eip155:${row.chain_id}`;
  const native = deps.networks.get(caip2)?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 };
  const provider = deps.providers.find((candidate) => candidate.id === row.provider);
  return {
    id: `onramp:${row.hash}`,
    metadata: {
      operationType: 'receive' as const,
      hash: row.hash,
      minedAt: new Date(Number(row.mined_at ?? row.created_at)).toISOString(),
      chain: caip2,
      status: row.status,
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
    purchase: details ? { provider: provider?.name ?? row.provider, paid: { value: row.fiat_amount, currency: row.fiat_currency } } : {},
  };
}
