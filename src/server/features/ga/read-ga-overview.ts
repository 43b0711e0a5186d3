import type { GaOverview } from '../../../shared/contracts/ga.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import {
  getStoredGaReport,
  getStoredGaRevenueByDay,
} from '../../domain/credentials/manage-ga-credentials.ts';
import { ga4AmountsInShopCurrency, ga4CurrencyNote } from '../../domain/metrics/ga4-revenue.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import type { AppDeps } from '../../http/deps.ts';

/**
 * The GA tab's overview over the metrics window (GA4's own last 30 days before a shop is synced),
 * its revenue also in the shop currency (decision 081): GA4 reports in its property's currency,
 * so when that differs the revenue is read again by day and each day converted by the one GA4
 * conversion (`ga4AmountsInShopCurrency`); a day without a rate withholds the converted figure.
 */
export async function readGaOverview(
  deps: AppDeps,
  workspaceId: string,
  periodDays: number,
): Promise<GaOverview> {
  const window = await readMetricWindow(deps.db, workspaceId, periodDays, deps.clock());
  const days = window ? { startDate: window.start, endDate: window.end } : null;
  const overview = await getStoredGaReport(deps.integration, workspaceId, 'overview', days);
  if (!window || !days)
    return { ...overview, revenueInShopCurrency: null, shopCurrency: null, currencyNote: null };
  const shop = { shopCurrency: window.currency, currencyNote: null };
  if (overview.currency === window.currency)
    return { ...overview, ...shop, revenueInShopCurrency: overview.revenue };
  const byDay = await getStoredGaRevenueByDay(deps.integration, workspaceId, days);
  const unit = 10 ** currencyDigitsOf(overview.currency);
  const rows = byDay.map((day) => ({ ...day, revenue: Math.round(day.revenue * unit) }));
  const converted = await ga4AmountsInShopCurrency(
    deps.db,
    workspaceId,
    window.currency,
    rows,
    window.start,
    window.end,
  );
  const minor = converted.amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  return {
    ...overview,
    ...shop,
    revenueInShopCurrency: converted.missingRate ? null : minorToDecimal(minor, window.currencyDigits),
    currencyNote: ga4CurrencyNote(
      { currencies: [overview.currency], missingRate: converted.missingRate },
      window.currency,
    ),
  };
}
