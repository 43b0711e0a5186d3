import type { GaOverview, GaPageRow, GaTrafficRow } from '../../../shared/contracts/ga.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '../../../shared/money.ts';
import type { Ga4RunReportRequest, Ga4RunReportResponse } from './payload.schema.ts';

/**
 * The reports behind the spec's GA cards (last 30 days) and the pure mappings from GA4's
 * string-valued rows to our numbers. `conversions` was renamed `keyEvents` in 2024 (§2.5).
 */

export const LAST_30_DAYS = [{ startDate: '30daysAgo', endDate: 'today' }];

export const OVERVIEW_REPORT: Ga4RunReportRequest = {
  dateRanges: LAST_30_DAYS,
  metrics: [
    { name: 'activeUsers' },
    { name: 'sessions' },
    { name: 'totalUsers' },
    { name: 'screenPageViews' },
    { name: 'bounceRate' },
    { name: 'totalRevenue' },
    { name: 'keyEvents' },
    { name: 'averageSessionDuration' },
  ],
};

/** The overview's revenue by day, to convert it to the shop currency on each day's rate (decision 081). */
export const REVENUE_BY_DAY_REPORT: Ga4RunReportRequest = {
  dateRanges: LAST_30_DAYS,
  dimensions: [{ name: 'date' }],
  metrics: [{ name: 'totalRevenue' }],
};

export const PAGES_REPORT: Ga4RunReportRequest = {
  dateRanges: LAST_30_DAYS,
  dimensions: [{ name: 'pagePath' }, { name: 'pageTitle' }],
  metrics: [{ name: 'screenPageViews' }, { name: 'userEngagementDuration' }],
  orderBys: [{ metric: { metricName: 'screenPageViews' }, desc: true }],
  limit: 10,
};

export const TRAFFIC_REPORT: Ga4RunReportRequest = {
  dateRanges: LAST_30_DAYS,
  dimensions: [{ name: 'sessionSource' }],
  metrics: [{ name: 'sessions' }],
  orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
  limit: 10,
};

function toNumber(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Index of each metric/dimension by the header name GA echoes back. */
function headerIndex(headers: Array<{ name: string }>): Map<string, number> {
  return new Map(headers.map((h, i) => [h.name, i]));
}

export function mapOverview(report: Ga4RunReportResponse): GaOverview {
  const idx = headerIndex(report.metricHeaders);
  const row = report.rows[0];
  const metric = (name: string, alias?: string) => {
    const i = idx.get(name) ?? (alias ? idx.get(alias) : undefined);
    return i === undefined ? 0 : toNumber(row?.metricValues[i]?.value);
  };
  const currency = report.metadata?.currencyCode ?? 'USD';
  // GA4 sends the amount as a decimal string: kept exact to the currency's minor unit (decision 146).
  const digits = currencyDigitsOf(currency);
  const revenueAt = idx.get('totalRevenue');
  const revenueText = revenueAt === undefined ? undefined : row?.metricValues[revenueAt]?.value;
  const revenue =
    revenueText === undefined || revenueText === '' ? 0 : parseDecimalToMinor(revenueText, digits);
  return {
    activeUsers: metric('activeUsers'),
    sessions: metric('sessions'),
    totalUsers: metric('totalUsers'),
    pageViews: metric('screenPageViews'),
    bounceRate: metric('bounceRate'),
    revenue: minorToDecimal(revenue, digits),
    conversions: metric('keyEvents', 'conversions'),
    sessionDuration: metric('averageSessionDuration'),
    currency,
  };
}

/** Pages by views; avgTimeOnPage = engagement seconds per view (GA4 has no "time on page"). */
export function mapPages(report: Ga4RunReportResponse): GaPageRow[] {
  const dims = headerIndex(report.dimensionHeaders);
  const mets = headerIndex(report.metricHeaders);
  return report.rows.map((row) => {
    const views = toNumber(row.metricValues[mets.get('screenPageViews') ?? 0]?.value);
    const engagement = toNumber(row.metricValues[mets.get('userEngagementDuration') ?? 1]?.value);
    return {
      pagePath: row.dimensionValues[dims.get('pagePath') ?? 0]?.value ?? '',
      pageTitle: row.dimensionValues[dims.get('pageTitle') ?? 1]?.value ?? '',
      screenPageViews: views,
      avgTimeOnPage: views > 0 ? engagement / views : 0,
    };
  });
}

/** GA's names for "no referring source": shown as one Direct slice. */
const DIRECT_SOURCES = new Set(['', '(direct)', '(not set)']);

/**
 * Sources by sessions, most first, one row per source name: GA may answer a source more than once
 * (one row per source / medium pair, e.g. google cpc and google organic), and "(direct)",
 * "(not set)" and an empty source are all Direct, so rows are merged by name (case-insensitive)
 * and their sessions summed.
 */
export function mapTraffic(report: Ga4RunReportResponse): GaTrafficRow[] {
  const dims = headerIndex(report.dimensionHeaders);
  const mets = headerIndex(report.metricHeaders);
  const merged = new Map<string, GaTrafficRow>();
  for (const row of report.rows) {
    const raw = (row.dimensionValues[dims.get('sessionSource') ?? 0]?.value ?? '').trim();
    const source = DIRECT_SOURCES.has(raw.toLowerCase()) ? '(direct)' : raw;
    const sessions = toNumber(row.metricValues[mets.get('sessions') ?? 0]?.value);
    const key = source.toLowerCase();
    const seen = merged.get(key);
    if (seen) seen.sessions += sessions;
    else merged.set(key, { source, sessions });
  }
  return [...merged.values()].sort((a, b) => b.sessions - a.sessions);
}

/** Daily rows for the warehouse sync: `date` (YYYYMMDD) + requested metrics, by name. */
export function mapDailyRows(
  report: Ga4RunReportResponse,
): Array<{ date: string; dimensions: Record<string, string>; metrics: Record<string, number> }> {
  return report.rows.map((row) => {
    const dimensions: Record<string, string> = {};
    report.dimensionHeaders.forEach((h, i) => {
      dimensions[h.name] = row.dimensionValues[i]?.value ?? '';
    });
    const metrics: Record<string, number> = {};
    report.metricHeaders.forEach((h, i) => {
      metrics[h.name] = toNumber(row.metricValues[i]?.value);
    });
    const raw = dimensions.date ?? '';
    const date = /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}` : raw;
    return { date, dimensions, metrics };
  });
}
