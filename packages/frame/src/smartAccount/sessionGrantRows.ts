import { formatUnits, getAddress } from 'viem';
import type { SessionGrant } from './permissionsRequest.ts';

/** What the user approves in a session grant: whose key, which call, how much per call, until when (the approval screen's rows). */
export function sessionGrantRows(grant: SessionGrant, nativeCurrency: { symbol: string; decimals: number }): { label: string; value: string; code?: boolean }[] {
  return [
    { label: 'Session key', value: getAddress(grant.key), code: true },
    { label: grant.selector ? 'May call' : 'May send to', value: getAddress(grant.target), code: true },
    { label: 'Function', value: grant.selector ? `function ${grant.selector}` : 'None: plain transfers only', ...(grant.selector ? { code: true } : {}) },
    { label: 'At most per call', value: `${formatUnits(grant.valueLimit, nativeCurrency.decimals)} ${nativeCurrency.symbol}`, code: true },
    { label: 'Until', value: new Date(grant.expiry * 1000).toISOString() },
  ];
}
