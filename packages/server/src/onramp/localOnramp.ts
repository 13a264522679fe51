import { randomUUID } from 'node:crypto';
import { createWalletClient, formatEther, http, parseEther, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TtlCache } from '../cache/ttlCache.ts';
import type { ChainContext } from '../chain/chainContext.ts';
import { ApiError } from '../http/errors.ts';
import { releaseDailyCaps, takeDailyCaps } from '../limits/dailyCaps.ts';
import { WindowedPrices } from '../prices/windowedPrices.ts';
import type { ServerServices } from '../services.ts';
import { ONRAMP_ERRORS } from './onrampErrors.ts';
import type { CheckoutSession, ProviderQuote, OnrampProvider, OnrampProviderProfile, Payment } from './onrampProviders.ts';
import { payoutCaps } from './payoutCaps.ts';

/** The local provider's own EUR rate (no exchange rates are fetched: it runs offline). */
export const LOCAL_USD_PER_EUR = 1.08;
/** Checkout sessions live this long, and at most this many at once (a stranger can open many). */
export const CHECKOUT_TTL_MS = 30 * 60_000;
export const MAX_CHECKOUT_SESSIONS = 1_000;


/**
 * A built-in onramp provider for test networks (config.ts takes a funder key for no other): quotes
 * Ether at the chain's time-weighted pool price less its own fee, serves a checkout page of its own,
 * and on confirm pays the bought Ether from a funder key to the visitor's address, as a real
 * transaction, within the day's caps per address, per client network and in all.
 */
export class LocalOnramp implements OnrampProvider {
  readonly id: string;
  readonly name: string;
  readonly feePercent: number;
  private readonly prices: WindowedPrices;

  constructor(
    private readonly services: ServerServices,
    /** Per chain id, the key that pays bought Ether; a chain without one offers no onramp. */
    private readonly funders: ReadonlyMap<number, Hex>,
    private readonly profile: OnrampProviderProfile,
    /** Open checkouts, shared by the providers so their bound is one (see checkoutSessions). */
    private readonly sessions: TtlCache<string, CheckoutSession>,
  ) {
    ({ id: this.id, name: this.name, feePercent: this.feePercent } = profile);
    this.prices = new WindowedPrices(services.prices, services.config.onramp.priceWindowBlocks);
  }

  chains(): ChainContext[] {
    return [...this.services.chains.values()].filter((chain) => this.funders.has(chain.config.chainId));
  }

  async quote(chain: ChainContext, fiatAmount: number, fiatCurrency: 'USD' | 'EUR'): Promise<ProviderQuote> {
    const priceUsd = await this.prices.nativeUsd(chain);
    if (priceUsd === undefined) throw new ApiError(503, ONRAMP_ERRORS.noPrice(chain.caip2));
    const fee = round2((fiatAmount * this.feePercent) / 100);
    const usd = (fiatAmount - fee) * (fiatCurrency === 'EUR' ? LOCAL_USD_PER_EUR : 1);
    // 18 decimals through a string: never more precision than a float has, never a rounding up.
    const cryptoAmount = parseEther((usd / priceUsd).toFixed(12));
    return { fiatAmount, fiatCurrency, fee, cryptoAmount, priceUsd };
  }

  async open(chain: ChainContext, address: Address, fiatAmount: number, fiatCurrency: 'USD' | 'EUR'): Promise<CheckoutSession> {
    const quote = await this.quote(chain, fiatAmount, fiatCurrency);
    const session = { id: randomUUID(), provider: this.profile, chainId: chain.config.chainId, address, fiatAmount, fiatCurrency, quote };
    this.sessions.set(session.id, session);
    return session;
  }

  /**
   * Pays the session's Ether once: a second confirm, even a concurrent one, answers the first
   * payment. Rejects with DailyCapReached when the address, the confirming client's network
   * (`clientNetwork`) or the day has had its payouts.
   */
  pay(session: CheckoutSession, clientNetwork: string): Promise<Payment> {
    session.payment ??= this.send(session, clientNetwork).catch((error: unknown) => {
      session.payment = undefined; // a failed payment may be tried again
      throw error;
    });
    return session.payment;
  }

  private async send(session: CheckoutSession, clientNetwork: string): Promise<Payment> {
    const chain = this.services.chains.get(session.chainId);
    const key = this.funders.get(session.chainId);
    if (!chain || !key) throw new Error('This network has no onramp');
    const { cryptoAmount } = session.quote;
    const funder = privateKeyToAccount(key);
    const wallet = createWalletClient({ account: funder, transport: http(chain.config.rpcUrl) });
    const caps = payoutCaps(this.services.config.onramp, session.address, clientNetwork);
    const takenAt = Date.now();
    await this.services.db.transaction().execute((trx) => takeDailyCaps(trx, caps, takenAt));
    const hash = await wallet.sendTransaction({ to: session.address, value: cryptoAmount, chain: null }).catch(async (error: unknown) => {
      await this.services.db.transaction().execute((trx) => releaseDailyCaps(trx, caps, takenAt));
      throw error;
    });
    await this.services.db
      .insertInto('onramp_purchases')
      .values({
        hash: hash.toLowerCase(),
        provider: this.id,
        status: 'pending',
        chain_id: session.chainId,
        address: session.address.toLowerCase(),
        sent_from: funder.address.toLowerCase(),
        fiat_amount: session.fiatAmount.toFixed(2),
        fiat_currency: session.fiatCurrency,
        crypto_amount: cryptoAmount.toString(),
        created_at: Date.now(),
      })
      .execute();
    return { hash, amount: cryptoAmount };
  }
}

/** The open checkouts of every local provider: a stranger can open many, so they are bounded together. */
export const checkoutSessions = () => new TtlCache<string, CheckoutSession>(CHECKOUT_TTL_MS, MAX_CHECKOUT_SESSIONS);

const round2 = (value: number) => Math.round(value * 100) / 100;
export const etherText = (wei: bigint) => formatEther(wei);
