import type { Translate } from '@cairn/core/rules';
import { formatUnits, getAddress } from 'viem';
import type { SessionGrant } from './permissionsRequest.ts';

/**
 * What the user approves in a session grant: whose key, which call, how much per call, what its own
 * operations may cost the account in network fees in all (the gas budget CairnAccount enforces),
 * until when (the approval screen's rows). `sponsored`: the network's paymaster pays the frame's
 * operations, so the key's are paid from the balance only when the site sends them unsponsored.
 */
export function sessionGrantRows(grant: SessionGrant, nativeCurrency: { symbol: string; decimals: number }, sponsored: boolean, t: Translate): { label: string; value: string; code?: boolean }[] {
  const amount = (wei: bigint) => `${formatUnits(wei, nativeCurrency.decimals)} ${nativeCurrency.symbol}`;
  const budget = amount(grant.gasBudget);
  const fees =
    grant.gasBudget === 0n
      ? t('session.noneOfYourBalanceSponsoredOnly')
      : sponsored
        ? t('session.upToAmountUnlessSponsored', { amount: budget })
        : t('session.upToAmountOfYourBalance', { amount: budget });
  return [
    { label: t('common.sessionKey'), value: getAddress(grant.key), code: true },
    { label: grant.selector ? t('session.mayCall') : t('session.maySendTo'), value: getAddress(grant.target), code: true },
    { label: t('session.function'), value: grant.selector ? `function ${grant.selector}` : t('session.nonePlainTransfersOnly'), ...(grant.selector ? { code: true } : {}) },
    { label: t('session.atMostPerCall'), value: amount(grant.valueLimit), code: true },
    { label: t('session.maySpendOnItsOwnNetworkFees'), value: fees },
    { label: t('session.until'), value: new Date(grant.expiry * 1000).toISOString() },
  ];
}
