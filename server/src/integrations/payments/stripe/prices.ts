// The two plans' prices at Stripe, found by lookup key or created once, and remembered per gateway.
import type Stripe from 'stripe';
import { PRICES, type RecurringInterval } from '../../../../../contract/constants';
import { CURRENCY, cents, idOf } from './client';

export const LOOKUP_KEYS: Record<RecurringInterval, string> = {
  month: 'shaken_monthly',
  year: 'shaken_yearly',
};
export const PRODUCT_NAME = 'STIR/SHAKEN certificate service';

export interface PriceCatalog {
  /** The Stripe price ids of both plans, found or created by lookup key. */
  priceIds(): Promise<Record<RecurringInterval, string>>;
  /** The plan a Stripe price id stands for, if it is one of ours. */
  intervalOfPrice(priceId: string | undefined): Promise<RecurringInterval | undefined>;
}

async function findOrCreatePrices(stripe: Stripe): Promise<Record<RecurringInterval, string>> {
  const keys = Object.values(LOOKUP_KEYS);
  const found = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 10 });
  const out: Partial<Record<RecurringInterval, string>> = {};
  let product: string | undefined;
  for (const interval of ['month', 'year'] as const) {
    const want = cents(PRICES[interval]);
    const p = found.data.find((x) => x.lookup_key === LOOKUP_KEYS[interval]);
    if (p) product ??= idOf(p.product);
    if (p && p.unit_amount === want && p.recurring?.interval === interval && p.currency === CURRENCY) {
      out[interval] = p.id;
    }
  }
  for (const interval of ['month', 'year'] as const) {
    if (out[interval]) continue;
    if (!product) {
      const made = await stripe.products.create(
        { name: PRODUCT_NAME },
        { idempotencyKey: 'shaken-product-v1' },
      );
      product = made.id;
    }
    const created = await stripe.prices.create({
      product,
      currency: CURRENCY,
      unit_amount: cents(PRICES[interval]),
      recurring: { interval, interval_count: 1 },
      lookup_key: LOOKUP_KEYS[interval],
      // Moves the lookup key from a price with another amount, so the key always names the current price.
      transfer_lookup_key: true,
      nickname: interval === 'month' ? 'Monthly' : 'Yearly',
    });
    out[interval] = created.id;
  }
  return out as Record<RecurringInterval, string>;
}

export function createPriceCatalog(stripe: Stripe): PriceCatalog {
  // One lookup per gateway; a failed one is forgotten so the next call tries again.
  let prices: Promise<Record<RecurringInterval, string>> | undefined;

  function priceIds(): Promise<Record<RecurringInterval, string>> {
    prices ??= findOrCreatePrices(stripe).catch((err) => {
      prices = undefined;
      throw err;
    });
    return prices;
  }

  async function intervalOfPrice(priceId: string | undefined): Promise<RecurringInterval | undefined> {
    if (!priceId) return undefined;
    const ids = await priceIds();
    return (Object.keys(ids) as RecurringInterval[]).find((k) => ids[k] === priceId);
  }

  return { priceIds, intervalOfPrice };
}
