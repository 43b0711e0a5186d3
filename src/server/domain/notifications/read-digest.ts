import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '../../../shared/calendar.ts';
import type { DigestPeriod } from '../../../shared/contracts/notifications.ts';
import { parseDecimalToMinor } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { findLatestRun, readStockImpactOfRun } from '../analysis-runs/read-analytics.ts';
import { readMetricWindow, validOrderOf } from '../metrics/metric-window.ts';
import { listOpportunities } from '../opportunities/manage-opportunities.ts';
import { readProfitReport } from '../profit/read-profit-report.ts';

/** One KPI of a digest: this period, the one before, and the same weekdays a year before. */
export interface DigestKpi {
  current: number;
  previous: number;
  lastYear: number;
}

export interface DigestRange {
  start: string;
  end: string;
}

/** Everything a digest shows, amounts in minor units of `currency`. */
export interface DigestData {
  storeName: string;
  period: DigestPeriod;
  currency: string;
  currencyDigits: number;
  /** Null before a shop with orders is synced: the digest then says so. */
  range: DigestRange | null;
  previous: DigestRange | null;
  lastYear: DigestRange | null;
  kpis: {
    revenue: DigestKpi;
    orders: DigestKpi;
    aov: DigestKpi;
    /** Null when no sold unit has a known cost in the period (decision 010). */
    contributionMargin: (DigestKpi & { estimated: boolean }) | null;
  } | null;
  /** The list's wire amounts (decision 170), in `currency`. */
  opportunities: Array<{ title: string; revenueImpactMax: string; priority: string }>;
  alerts: Array<{ title: string; detail: string; link: string; openedAt: Date }>;
  /** The stock list's wording: 'Out of stock' or 'N days of cover'. */
  stock: Array<{ product: string; status: string }>;
}

/** Days a year back with the same weekdays (52 weeks). */
const LAST_YEAR_DAYS = 364;
const TOP_OPPORTUNITIES = 3;
const STOCK_ROWS = 5;
/** Products with less cover than this are listed as stock alerts. */
const STOCK_COVER_DAYS = 14;

const shift = (range: DigestRange, days: number): DigestRange => ({
  start: addDays(range.start, -days),
  end: addDays(range.end, -days),
});

const SaleRow = z.object({
  orders: z.number(),
  gross: z.string().nullable(),
  refunds: z.string().nullable(),
});

/** Revenue (net of refunds), orders and AOV of one range, exact in minor units (decision 011). */
export async function readSales(
  db: Db,
  workspaceId: string,
  range: DigestRange,
): Promise<{ revenue: number; orders: number; aov: number }> {
  const [row] = await queryRows(
    db,
    SaleRow,
    sql`SELECT
          (SELECT count(*)::int FROM wh_orders o
            WHERE ${validOrderOf(workspaceId)} AND o.order_date BETWEEN ${range.start}::date AND ${range.end}::date) AS orders,
          (SELECT sum(o.total_minor)::text FROM wh_orders o
            WHERE ${validOrderOf(workspaceId)} AND o.order_date BETWEEN ${range.start}::date AND ${range.end}::date) AS gross,
          (SELECT sum(r.amount_minor)::text FROM wh_refunds r
            JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
            WHERE r.workspace_id = ${workspaceId} AND ${validOrderOf(workspaceId)}
              AND r.refund_date BETWEEN ${range.start}::date AND ${range.end}::date) AS refunds`,
  );
  const orders = row?.orders ?? 0;
  const gross = Number(row?.gross ?? 0);
  return {
    revenue: gross - Number(row?.refunds ?? 0),
    orders,
    aov: orders === 0 ? 0 : Math.round(gross / orders),
  };
}

async function readContributionMargin(
  reads: CachedReads,
  workspaceId: string,
  range: DigestRange,
  digits: number,
): Promise<(DigestKpi & { estimated: boolean }) | null> {
  const [previous, lastYear] = await Promise.all([
    readProfitReport(reads, workspaceId, {
      from: range.start,
      to: range.end,
      granularity: 'day',
      compare: 'previous_period',
    }),
    readProfitReport(reads, workspaceId, {
      from: range.start,
      to: range.end,
      granularity: 'day',
      compare: 'previous_year',
    }),
  ]);
  if (!previous.coverage.share) return null;
  const minor = (amount: string | undefined) => parseDecimalToMinor(amount ?? '0', digits);
  return {
    current: minor(previous.totals.contributionMargin),
    previous: minor(previous.comparison?.totals.contributionMargin),
    lastYear: minor(lastYear.comparison?.totals.contributionMargin),
    estimated: minor(previous.estimated.cogs) > 0 || previous.coverage.share < 1,
  };
}

const ShopRow = z.object({ name: z.string(), currency_code: z.string(), currency_digits: z.number() });

const WorkspaceRow = z.object({ name: z.string() });

const AlertRow = z.object({
  title: z.string(),
  detail: z.string(),
  link: z.string(),
  opened_at: timestampColumn,
});

/**
 * The figures of a daily or weekly digest as of `now`: the last complete shop day (or 7 days)
 * against the period before and the same weekdays a year earlier, the top opportunities of the
 * list /api/opportunities serves, open alerts and the latest run's stock alerts.
 */
export async function readDigest(
  reads: CachedReads,
  workspaceId: string,
  period: DigestPeriod,
  now: Date,
): Promise<DigestData> {
  const { db } = reads;
  const days = period === 'daily' ? 1 : 7;
  const [window, shop, workspace, opportunityList, alertRows, run] = await Promise.all([
    readMetricWindow(db, workspaceId, days, now),
    queryRows(
      db,
      ShopRow,
      sql`SELECT name, currency_code, currency_digits FROM wh_shops WHERE workspace_id = ${workspaceId}`,
    ),
    queryRows(db, WorkspaceRow, sql`SELECT name FROM workspaces WHERE id = ${workspaceId}`),
    listOpportunities(reads, workspaceId),
    queryRows(
      db,
      AlertRow,
      sql`SELECT title, detail, link, opened_at FROM alerts
          WHERE workspace_id = ${workspaceId} AND status = 'open' ORDER BY opened_at DESC LIMIT 10`,
    ),
    findLatestRun(reads, workspaceId),
  ]);
  const stockRows = run ? await readStockImpactOfRun(db, run) : [];
  const currency = shop[0]?.currency_code ?? 'USD';
  const digits = Number(shop[0]?.currency_digits ?? 2);
  const base: DigestData = {
    storeName: shop[0]?.name ?? workspace[0]?.name ?? 'your store',
    period,
    currency,
    currencyDigits: digits,
    range: null,
    previous: null,
    lastYear: null,
    kpis: null,
    opportunities: opportunityList
      .slice(0, TOP_OPPORTUNITIES)
      .map((o) => ({ title: o.title, revenueImpactMax: o.revenueImpactMax, priority: o.priority })),
    alerts: alertRows.map((a) => ({
      title: a.title,
      detail: a.detail,
      link: a.link,
      openedAt: new Date(a.opened_at),
    })),
    stock: stockRows
      .filter((row) => row.available <= 0 || (row.daysOfCover !== null && row.daysOfCover < STOCK_COVER_DAYS))
      .sort((a, b) => (a.daysOfCover ?? 0) - (b.daysOfCover ?? 0))
      .slice(0, STOCK_ROWS)
      .map((row) => ({ product: row.product, status: row.status })),
  };
  if (!window) return base;
  const range = { start: window.start, end: window.end };
  const previous = { start: window.previousStart, end: window.previousEnd };
  const lastYear = shift(range, LAST_YEAR_DAYS);
  const [now_, before, yearAgo, margin] = await Promise.all([
    readSales(db, workspaceId, range),
    readSales(db, workspaceId, previous),
    readSales(db, workspaceId, lastYear),
    readContributionMargin(reads, workspaceId, range, digits),
  ]);
  const kpi = (key: 'revenue' | 'orders' | 'aov'): DigestKpi => ({
    current: now_[key],
    previous: before[key],
    lastYear: yearAgo[key],
  });
  return {
    ...base,
    range,
    previous,
    lastYear,
    kpis: { revenue: kpi('revenue'), orders: kpi('orders'), aov: kpi('aov'), contributionMargin: margin },
  };
}
