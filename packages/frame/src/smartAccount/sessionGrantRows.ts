import type { Translate } from '@cairn/core/rules';
import { formatUnits, getAddress } from 'viem';
import type { SessionGrant } from './permissionsRequest.ts';

/** What the user approves in a session grant: whose key, which call, how much per call, until when (the approval screen's rows). */
export function sessionGrantRows(grant: SessionGrant, nativeCurrency: { symbol: string; decimals: number }, t: Translate): { label: string; value: string; code?: boolean }[] {
  return [
    { label: t('Session key'), value: getAddress(grant.key), code: true },
    { label: grant.selector ? t('May call') : t('May send to'), value: getAddress(grant.target), code: true },
    { label: t('Function'), value: grant.selector ? `function ${grant.selector}` : t('None: plain transfers only'), ...(grant.selector ? { code: true } : {}) },
    { label: t('At most per call'), value: `${formatUnits(grant.valueLimit, nativeCurrency.decimals)} ${nativeCurrency.symbol}`, code: true },
    { label: t('Until'), value: new Date(grant.expiry * 1000).toISOString() },
  ];
}
