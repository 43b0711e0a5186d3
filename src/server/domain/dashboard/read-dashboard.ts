import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import { AD_SPEND_PLATFORMS } from '../../../shared/contracts/ad-spend.ts';
import type { DashboardKpis } from '../../../shared/contracts/dashboard.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { REVENUE_RULE, WINDOW_RULE } from '../../../shared/metrics.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { listCredentialSummaries } from '../../vault/credential-store.ts';
import { findLatestRun, readSnapshotOnce } from '../analysis-runs/read-analytics.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';
import { queryAttribution } from '../metrics/query-attribution.ts';
import { ratioKpi } from './describe-ads.ts';
import { readPeriodFigures } from './read-period-figures.ts';

const DashboardKpiRow = z.object({
  currency_code: z.string(),
  currency_digits: z.number(),
  iana_timezone: z.string(),
});

/**
 * GET /api/dashboard/kpis: the store's KPIs over a range of shop days (`from`–`to`, or the last
 * `period` days) against its comparison (the period before by default, or the same weekdays a
 * year back), computed from the warehouse with exact integer sums in minor units.
 *
 * A `period` ends on the last complete shop-local day (yesterday in the shop's time zone), or on
 * the last day with an order when the warehouse's data stops earlier (a store synced up to a past
 * day is shown up to that day, not as a run of empty days). Changes are null when the comparison
 * is none or lies before the shop's first day with data.
 */
export async function readDashboardKpis(
  reads: CachedReads,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
): Promise<DashboardKpis> {
  const { db } = reads;
  const periodDays = request.period ?? 30;
  const [window, run, credentials] = await Promise.all([
    readMetricWindow(db, workspaceId, request, now),
    findLatestRun(reads, workspaceId),
    listCredentialSummaries(db, workspaceId),
  ]);
  const shop = window
    ? {
        currency_code: window.currency,
        currency_digits: window.currencyDigits,
        iana_timezone: window.timeZone,
      }
    : (
        await queryRows(
          db,
          DashboardKpiRow,
          sql`SELECT currency_code, currency_digits, iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`,
        )
      )[0];
  const metaConnected = credentials.some((c) => c.provider === 'meta');
  const adsConnected = credentials.some((c) => AD_SPEND_PLATFORMS.some((p) => p === c.provider));
  const freshness = {
    lastAnalysisAt: run?.finishedAt?.toISOString() ?? null,
    lastSyncAt: window?.lastSyncAt ?? null,
  };
  if (!shop || !window) {
    return {
      hasData: false,
      periodDays,
      currency: shop?.currency_code ?? null,
      currencyDigits: shop ? Number(shop.currency_digits) : null,
      timeZone: shop?.iana_timezone ?? null,
      from: null,
      to: null,
      comparison: null,
      current: null,
      previous: null,
      revenueRule: `${REVENUE_RULE} ${WINDOW_RULE}`,
      kpis: null,
      metaConnected,
      adPlatforms: [],
      adSpendCurrency: null,
      adsNote: adsConnected ? null : 'Connect Meta to see ad spend and ROAS.',
      topProducts: [],
      channels: [],
      ...freshness,
    };
  }

  const { start, end, previousStart, previousEnd } = window;
  const range = {
    start,
    end,
    previousStart,
    previousEnd,
    shopCurrency: shop.currency_code,
    shopDigits: Number(shop.currency_digits),
    adsConnected,
  };
  // Same warehouse state, same answer: kept per warehouse version (the first view after a sync
  // pays). Without sync states nothing versions the warehouse, so nothing is kept.
  const version = window.version;
  const read = () => readPeriodFigures(db, workspaceId, range);
  const [attributedNow, attributedThen] = await Promise.all([
    queryAttribution(reads, workspaceId, start, end, version),
    queryAttribution(reads, workspaceId, previousStart, previousEnd, version),
  ]);
  const section = `dashboard-kpis/${start}/${end}/${previousStart}/${previousEnd}/${adsConnected}`;
  const figures = version
    ? await readSnapshotOnce(reads.caches, workspaceId, `warehouse@${version}`, section, read)
    : await read();
  const metaNow = attributedNow.channels.get('meta_ads');
  const metaThen = attributedThen.channels.get('meta_ads');
  const metaRoas =
    figures.kpis?.roas && metaNow
      ? ratioKpi(
          computeRoas(metaNow.verifiedRevenueMinor - metaNow.refundsMinor, metaNow.spendMinor),
          metaThen
            ? computeRoas(metaThen.verifiedRevenueMinor - metaThen.refundsMinor, metaThen.spendMinor)
            : null,
        )
      : null;
  // No comparison, or one before the shop's first day: no change is claimed against zeros.
  const compared = window.comparison?.hasData === true;
  return {
    hasData: true,
    periodDays: window.periodDays,
    currency: shop.currency_code,
    currencyDigits: Number(shop.currency_digits),
    timeZone: shop.iana_timezone,
    from: start,
    to: end,
    comparison: window.comparison,
    current: { start, end },
    previous: { start: previousStart, end: previousEnd },
    revenueRule: `${REVENUE_RULE} ${WINDOW_RULE}`,
    metaConnected,
    ...figures,
    kpis: figures.kpis ? withoutChanges({ ...figures.kpis, metaRoas }, compared) : null,
    ...freshness,
  };
}

type Kpis = NonNullable<DashboardKpis['kpis']>;

/** The KPIs as they are, or with every change null when there is nothing to compare with. */
function withoutChanges(kpis: Kpis, compared: boolean): Kpis {
  if (compared) return kpis;
  const entries = Object.entries(kpis).map(([name, value]) => [
    name,
    value === null ? null : { ...value, changePercent: null },
  ]);
  return Object.fromEntries(entries) as Kpis;
}
