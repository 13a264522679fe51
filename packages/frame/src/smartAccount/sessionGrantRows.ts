import type { Translate } from '@cairn/core/rules';
import { formatUnits, getAddress } from 'viem';
import type { TokenMetadata } from '../signing/tokenMetadata.ts';
import { knownSessionCall, movesTokens, type SessionGrant } from './permissionsRequest.ts';

/**
 * What the user approves in a session grant: whose key, which call, how much per call, how much in
 * all (the allowance CairnAccount spends), what its own operations may cost the account in network
 * fees in all (the gas budget CairnAccount enforces), until when (the approval screen's rows).
 * `sponsored`: the network's paymaster pays the frame's operations, so the key's are paid from the
 * balance only when the site sends them unsponsored. `token`: what the chain answered for a token
 * session's contract, if anything (its total is shown in its smallest units otherwise). A function
 * Cairn does not know (not a plain transfer nor a counted token function) gets a warning row under it.
 */
export function sessionGrantRows(
  grant: SessionGrant,
  nativeCurrency: { symbol: string; decimals: number },
  sponsored: boolean,
  t: Translate,
  token?: TokenMetadata,
): { label: string; value: string; code?: boolean }[] {
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
    // A contract's own function: its total counts the value the calls carry, never what the function itself gives away.
    ...(knownSessionCall(grant.selector) ? [] : [{ label: t('session.beware'), value: t('session.unknownFunctionUnbounded') }]),
    { label: t('session.atMostPerCall'), value: amount(grant.valueLimit), code: true },
    { label: t('session.mayMove'), value: movedInAll(grant, amount, t, token) },
    { label: t('session.maySpendOnItsOwnNetworkFees'), value: fees },
    { label: t('session.until'), value: new Date(grant.expiry * 1000).toISOString() },
  ];
}

/** The session's total in plain words: of the balance, of the token (scaled by its own decimals, with its address), or nothing. */
function movedInAll(grant: SessionGrant, amount: (wei: bigint) => string, t: Translate, token: TokenMetadata | undefined): string {
  if (movesTokens(grant.selector)) {
    const target = getAddress(grant.target);
    const tokens = token
      ? t('request.amountOfToken', { amount: formatUnits(grant.allowance, token.decimals), symbol: token.symbol, token: target })
      : t('request.amountInSmallestUnitsOf', { amount: grant.allowance.toString(), token: target });
    return t('session.upToTokensInAll', { amount: tokens });
  }
  return grant.allowance === 0n ? t('session.nothingItsCallsCarryNoValue') : t('session.upToAmountOfYourBalance', { amount: amount(grant.allowance) });
}
