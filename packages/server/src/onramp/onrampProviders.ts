import type { ChainContext } from '../chain/chainContext.ts';
import type { CheckoutSession, LocalQuote, Payment } from './localOnramp.ts';

/** What a provider is called and what it charges; the Buy view lists them side by side. */
export type OnrampProviderProfile = { id: string; name: string; feePercent: number };

/**
 * An onramp provider as the routes use it: where it pays, its quote, its checkout and its payment.
 * A provider of another kind (a hosted checkout) implements the same.
 */
export interface OnrampProvider extends OnrampProviderProfile {
  chains(): ChainContext[];
  quote(chain: ChainContext, fiatAmount: number, fiatCurrency: 'USD' | 'EUR'): Promise<LocalQuote>;
  open(chain: ChainContext, address: `0x${string}`, fiatAmount: number, fiatCurrency: 'USD' | 'EUR'): Promise<CheckoutSession>;
  pay(session: CheckoutSession, clientNetwork: string): Promise<Payment>;
}

/**
 * The server's two built-in providers for test networks (SPEC §9: onramp fees 1-2 % for two
 * providers). Both pay from the funder key on the devnet; they differ in what they charge, so the
 * visitor's choice changes what arrives. The first is the default.
 */
export const LOCAL_ONRAMP_PROVIDERS: readonly OnrampProviderProfile[] = [
  { id: 'local', name: 'Cairn Local', feePercent: 1 },
  { id: 'local-express', name: 'Cairn Local Express', feePercent: 2 },
];

/** The history's `onramp` value for this server's own providers (their purchases together). */
export const LOCAL_ONRAMP = 'local';
