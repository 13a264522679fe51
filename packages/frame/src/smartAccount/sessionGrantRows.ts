import type { Translate } from '@cairn/core/rules';
import { formatUnits, getAddress } from 'viem';
import type { SessionGrant } from './permissionsRequest.ts';

/** What the user approves in a session grant: whose key, which call, how much per call, until when (the approval screen's rows). */
export function sessionGrantRows(grant: SessionGrant, nativeCurrency: { symbol: string; decimals: number }, t: Translate): { label: string; value: string; code?: boolean }[] {
  return [
    { label: t('common.sessionKey'), value: getAddress(grant.key), code: true },
    { label: grant.selector ? t('session.mayCall') : t('session.maySendTo'), value: getAddress(grant.target), code: true },
    { label: t('session.function'), value: grant.selector ? `function ${grant.selector}` : t('session.nonePlainTransfersOnly'), ...(grant.selector ? { code: true } : {}) },
    { label: t('session.atMostPerCall'), value: `${formatUnits(grant.valueLimit, nativeCurrency.decimals)} ${nativeCurrency.symbol}`, code: true },
    { label: t('session.until'), value: new Date(grant.expiry * 1000).toISOString() },
  ];
}
