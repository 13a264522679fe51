import type { PayoutScope } from './payoutCaps.ts';

const tomorrow = 'try again after 00:00 UTC';

/** The onramp's refusals, as the routes answer them and the tests name them. */
export const ONRAMP_ERRORS = {
  networkNotOffered: (network: string) => `${network} is not a network this server's onramp pays on (see /v1/onramp/options)`,
  outOfLimits: (min: string, max: string, currency: string) => `amount must be from ${min} to ${max} ${currency}`,
  sessionUnknown: 'This checkout has expired or does not exist: start again from the site',
  cardInvalid: 'Enter a card number of 12 to 19 digits',
  noPrice: (network: string) => `The onramp has no price for Ether on ${network} right now: try again later`,
  payoutCap: (scope: PayoutScope, max: number) =>
    ({
      address: `This address has had its ${max} onramp purchases for today: ${tomorrow}`,
      ip: `Your network has made its ${max} onramp purchases for today: ${tomorrow}`,
      all: `The onramp has made all its ${max} purchases for today: ${tomorrow}`,
    })[scope],
} as const;

