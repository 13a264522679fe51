import type { Address, Hex } from 'viem';
import type { ChainContext } from '../chain/chainContext.ts';

/** A quote: what is paid, the fee, and the Ether it buys at the price it was made at. */
export type ProviderQuote = { fiatAmount: number; fiatCurrency: 'USD' | 'EUR'; fee: number; cryptoAmount: bigint; priceUsd: number };
export type Payment = { hash: Hex; amount: bigint };
/** A checkout: its quote is locked when it opens (what the page shows is what is paid). */
export type CheckoutSession = { id: string; provider: OnrampProviderProfile; chainId: number; address: Address; fiatAmount: number; fiatCurrency: 'USD' | 'EUR'; quote: ProviderQuote; payment?: Promise<Payment> };

/** What a provider is called and what it charges; the Buy view lists them side by side. */
export type OnrampProviderProfile = { id: string; name: string; feePercent: number };

/**
 * An onramp provider as the routes use it: where it pays, its quote, its checkout and its payment.
 * A provider of another kind (a hosted checkout) implements the same.
 */
export interface OnrampProvider extends OnrampProviderProfile {
  chains(): ChainContext[];
  quote(chain: ChainContext, fiatAmount: number, fiatCurrency: 'USD' | 'EUR'): Promise<ProviderQuote>;
  open(chain: ChainContext, address: Address, fiatAmount: number, fiatCurrency: 'USD' | 'EUR'): Promise<CheckoutSession>;
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
