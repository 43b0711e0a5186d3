import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ProfitStatementLines } from '../../../core/profit/derive-profit-lines.ts';
import { expenseOnDay, type ProfitExpense } from '../../../core/profit/expense-on-day.ts';
import { salesLinesOf } from '../../../core/profit/sales-lines-of.ts';
import {
  type ProfitDay,
  type ProfitSummary,
  summarizeProfitDays,
} from '../../../core/profit/summarize-profit-days.ts';
import { addDays } from '../../../shared/calendar.ts';
import {
  type ProfitLines,
  type ProfitQuery,
  type ProfitReport,
  ProfitReportSchema,
} from '../../../shared/contracts/profit.ts';
import { comparisonRange } from '../../../shared/day-range.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { keptAnswer } from '../../caches.ts';
import type { CachedReads } from '../../http/deps.ts';
import { type ProfitShop, type ReportContext, readProfitDays, readReportContext } from './profit-queries.ts';
import { refreshProfitRollup } from './refresh-profit-rollup.ts';

/** Currency of a workspace with no shop yet: the spec's default. */
const DEFAULT_CURRENCY = 'USD';

/**
 * GET /api/profit: the P&L of `from`..`to` by day, week or month (decision 010), with the cost
 * coverage and, when asked, the previous period or the previous year (364 days back). Reads the
 * daily rollup (rebuilt first when a sync changed the warehouse) and completes the lines in
 * integer minor units, so every subtotal adds up exactly; amounts leave as decimal strings.
 */
export async function readProfitReport(
  reads: CachedReads,
  workspaceId: string,
  query: ProfitQuery,
): Promise<ProfitReport> {
  return (await readKeptReport(reads, workspaceId, query, await readReportContext(reads.db, workspaceId)))
    .report;
}

/** How a kept body is sent: as it is, or gzip-compressed for a client that accepts it. */
export type ProfitBodyEncoding = 'identity' | 'gzip';

/**
 * The same report as the body of GET /api/profit: checked against the contract, serialized and,
 * when asked, compressed once per kept answer, so a repeated question costs three small queries
 * and no re-encoding. (At a year by day the body is ~115 kB: zod's response encoding of its
 * ~4,400 amounts, then writing it to the socket, were most of a request's time; gzip makes it
 * about a tenth.)
 */
export async function readProfitReportBody(
  reads: CachedReads,
  workspaceId: string,
  query: ProfitQuery,
  encoding: ProfitBodyEncoding,
  context?: ReportContext,
): Promise<Buffer> {
  const kept = await readKeptReport(
    reads,
    workspaceId,
    query,
    context ?? (await readReportContext(reads.db, workspaceId)),
  );
  kept.identity ??= Buffer.from(JSON.stringify(ProfitReportSchema.parse(kept.report)));
  if (encoding === 'identity') return kept.identity;
  kept.gzip ??= await gzipAsync(kept.identity);
  return kept.gzip;
}

const gzipAsync = promisify(gzip);

interface KeptReport {
  report: ProfitReport;
  /** The validated wire body (UTF-8 JSON), made on the first request that sends it. */
  identity?: Buffer;
  /** The same, gzip-compressed, made on the first request that accepts it. */
  gzip?: Buffer;
}

async function readKeptReport(
  reads: CachedReads,
  workspaceId: string,
  query: ProfitQuery,
  { versions, shop, expenses }: ReportContext,
): Promise<KeptReport> {
  const version = await refreshProfitRollup(reads, workspaceId, versions);
  const compute = () => computeReport(reads, workspaceId, query, shop, expenses);
  if (version === null) return compute();
  // Same rollup version, expenses and question: the same answer, kept in the app's caches;
  // concurrent first askers share one computation.
  const key = `profit/${JSON.stringify([workspaceId, version, shop, expenses, query])}`;
  return keptAnswer(reads.caches.answers, key, compute);
}

async function computeReport(
  { db }: CachedReads,
  workspaceId: string,
  query: ProfitQuery,
  shop: ProfitShop | null,
  expenses: readonly ProfitExpense[],
): Promise<KeptReport> {
  const compared = query.compare ? comparisonRange(query.from, query.to, query.compare) : null;
  const first = compared?.from ?? query.from;
  const withExpenses = addExpenses(
    await readProfitDays(db, workspaceId, first, query.to),
    expenses,
    first,
    query.to,
  );
  const digits = shop?.currencyDigits ?? 2;
  const period = (from: string, to: string) =>
    toWire(summarizeProfitDays(withExpenses, from, to, query.granularity), from, to, digits);
  return {
    report: {
      hasData: shop !== null,
      currency: shop?.currencyCode ?? DEFAULT_CURRENCY,
      timeZone: shop?.timeZone ?? null,
      granularity: query.granularity,
      ...period(query.from, query.to),
      ...(compared && query.compare
        ? { comparison: { compare: query.compare, ...period(compared.from, compared.to) } }
        : {}),
    },
  };
}

const EMPTY_DAY = {
  grossSales: 0,
  discounts: 0,
  returns: 0,
  shippingCharges: 0,
  taxes: 0,
  cogs: 0,
  cogsEstimated: 0,
  shipping: 0,
  paymentFees: 0,
  marketing: 0,
  saleOrders: 0,
  unitsSold: 0,
  unitsWithCost: 0,
};

/**
 * Every day of `from`..`to` with its expenses: each expense's amount on the day from that day's
 * net sales, ad spend and sale orders (a monthly expense lands on days without sales too).
 */
export function addExpenses(
  rows: Array<Omit<ProfitDay, 'expenses'> & { saleOrders: number }>,
  expenses: readonly ProfitExpense[],
  from: string,
  to: string,
): ProfitDay[] {
  if (expenses.length === 0) return rows.map((row) => ({ ...row, expenses: 0 }));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: ProfitDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day) ?? { ...EMPTY_DAY, day };
    const facts = {
      netSales: salesLinesOf(row).netSales,
      adSpend: row.marketing,
      saleOrders: row.saleOrders,
    };
    days.push({ ...row, expenses: expenses.reduce((sum, e) => sum + expenseOnDay(e, day, facts), 0) });
  }
  return days;
}

function linesToWire(lines: ProfitStatementLines, digits: number): ProfitLines {
  const money = (minor: number) => minorToDecimal(minor, digits);
  return {
    grossSales: money(lines.grossSales),
    discounts: money(lines.discounts),
    returns: money(lines.returns),
    netSales: money(lines.netSales),
    cogs: money(lines.cogs),
    grossProfit: money(lines.grossProfit),
    shippingCharges: money(lines.shippingCharges),
    shipping: money(lines.shipping),
    paymentFees: money(lines.paymentFees),
    marketing: money(lines.marketing),
    contributionMargin: money(lines.contributionMargin),
    expenses: money(lines.expenses),
    netProfit: money(lines.netProfit),
    taxes: money(lines.taxes),
    totalSales: money(lines.totalSales),
  };
}

export function toWire(summary: ProfitSummary, from: string, to: string, digits: number) {
  return {
    from,
    to,
    coverage: {
      unitsSold: summary.unitsSold,
      unitsWithCost: summary.unitsWithCost,
      share: summary.unitsSold === 0 ? null : summary.unitsWithCost / summary.unitsSold,
    },
    estimated: { cogs: minorToDecimal(summary.cogsEstimated, digits) },
    totals: linesToWire(summary.totals, digits),
    series: summary.series.map((bucket) => ({
      period: bucket.period,
      start: bucket.start,
      end: bucket.end,
      ...linesToWire(bucket, digits),
    })),
  };
}
