import { RECENT_WALLETS_MAX } from '../constants.ts';
import type { RecentWallet } from '../storage.ts';

/** SPEC §3/§9: at most 2 recent wallets, the most recent first, no duplicates. */
export function addRecentWallet(list: readonly RecentWallet[], wallet: RecentWallet): RecentWallet[] {
  return [wallet, ...list.filter((item) => item.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX);
}
