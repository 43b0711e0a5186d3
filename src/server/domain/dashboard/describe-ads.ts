import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import type { DashboardKpis, MoneyKpi, RatioKpi } from '../../../shared/contracts/dashboard.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { moneyKpi } from '../metrics/sales-kpis.ts';

/** One platform's spend and reported conversion value in a period (current) or the one before. */
export interface PlatformSpendRow {
  current: boolean;
  platform: string;
  spend: string | null;
  value: string | null;
}

const toNumber = (value: string | null) => (value === null ? 0 : Number(value));

/**
 * Each platform's spend now and before, and its own ROAS (reported value / spend) over the period:
 * summed in minor units, written once with `digits`.
 */
export function platformsOf(rows: PlatformSpendRow[], digits: number): DashboardKpis['adPlatforms'] {
  const platforms = new Map<string, { spend: number; previousSpend: number; value: number }>();
  for (const row of rows) {
    const entry = platforms.get(row.platform) ?? { spend: 0, previousSpend: 0, value: 0 };
    if (row.current) {
      entry.spend += toNumber(row.spend);
      entry.value += toNumber(row.value);
    } else entry.previousSpend += toNumber(row.spend);
    platforms.set(row.platform, entry);
  }
  return [...platforms]
    .sort(([a, x], [b, y]) => y.spend - x.spend || a.localeCompare(b))
    .map(([platform, v]) => ({
      platform,
      spend: minorToDecimal(v.spend, digits),
      previousSpend: minorToDecimal(v.previousSpend, digits),
      platformConversionValue: minorToDecimal(v.value, digits),
      platformRoas: computeRoas(v.value, v.spend),
    }));
}

export function ratioKpi(now: number | null, then: number | null): RatioKpi {
  return {
    current: now,
    previous: then,
    changePercent: now !== null && then !== null && then !== 0 ? ((now - then) / then) * 100 : null,
  };
}

/**
 * Ad spend and blended ROAS (net revenue / every platform's spend) with the reason when either is
 * missing: no ad account connected, spend in several currencies (not summed), or in another currency than the
 * shop's (spend shown, ROAS not computed: a ratio of two currencies means nothing).
 */
export function describeAds(input: {
  /** Minor-unit digits of a currency (the shop's own for the shop currency). */
  digitsOf: (currency: string) => number;
  adsConnected: boolean;
  spendCurrencies: string[];
  shopCurrency: string;
  spendNow: number;
  spendThen: number;
  revenueNow: number;
  revenueThen: number;
}): { adSpend: MoneyKpi | null; roas: RatioKpi | null; currency: string | null; note: string | null } {
  const { spendCurrencies, shopCurrency, spendNow, spendThen } = input;
  if (!input.adsConnected && spendCurrencies.length === 0)
    return { adSpend: null, roas: null, currency: null, note: 'Connect Meta to see ad spend and ROAS.' };
  if (spendCurrencies.length > 1)
    return {
      adSpend: null,
      roas: null,
      currency: null,
      note: `Ad spend is in several currencies (${spendCurrencies.join(', ')}); it is not summed.`,
    };
  const currency = spendCurrencies[0] ?? shopCurrency;
  const adSpend = moneyKpi(spendNow, spendThen, input.digitsOf(currency));
  if (currency !== shopCurrency)
    return {
      adSpend,
      roas: null,
      currency,
      note: `Ad spend is in ${currency} and sales in ${shopCurrency}: ROAS is not computed.`,
    };
  return {
    adSpend,
    roas: ratioKpi(computeRoas(input.revenueNow, spendNow), computeRoas(input.revenueThen, spendThen)),
    currency,
    note: spendNow === 0 ? 'No ad spend in this period.' : null,
  };
}
