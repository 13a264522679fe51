import type { OnrampConfig } from '../config.ts';
import type { DailyCap } from '../limits/dailyCaps.ts';

export type PayoutScope = 'address' | 'ip' | 'all';
const PREFIX = 'onramp-';

/** What one payout counts against: its address's, its client network's and the day's caps. */
export function payoutCaps(limits: OnrampConfig, address: string, clientNetwork: string): DailyCap[] {
  return [
    { scope: `${PREFIX}address`, key: address.toLowerCase(), max: limits.payoutsPerAddressPerDay },
    { scope: `${PREFIX}ip`, key: clientNetwork, max: limits.payoutsPerIpPerDay },
    { scope: `${PREFIX}all`, key: '', max: limits.payoutsPerDay },
  ];
}

/** Which of a payout's caps a full one is. */
export const payoutScope = (cap: DailyCap) => cap.scope.slice(PREFIX.length) as PayoutScope;
