import { formatUnits, getAddress } from 'viem';
import type { ApprovalRow } from '../signing/approvalSummary.ts';
import type { SessionGrant } from './permissionsRequest.ts';

/** What the user approves in a session grant: whose key, which call, how much per call, until when. */
export function sessionGrantRows(grant: SessionGrant, nativeCurrency: { symbol: string; decimals: number }): ApprovalRow[] {
  return [
    { label: 'Session key', value: getAddress(grant.key), code: true },
    { label: grant.selector ? 'May call' : 'May send to', value: getAddress(grant.target), code: true },
    { label: 'Function', value: grant.selector ? `function ${grant.selector}` : 'None: plain transfers only', ...(grant.selector ? { code: true } : {}) },
    { label: 'At most per call', value: `${formatUnits(grant.valueLimit, nativeCurrency.decimals)} ${nativeCurrency.symbol}`, code: true },
    { label: 'Until', value: new Date(grant.expiry * 1000).toISOString() },
  ];
}
