import { comparisonRange } from '../../../core/profit/comparison-range.ts';
import type { ProfitStatementLines } from '../../../core/profit/derive-profit-lines.ts';
import { type ProfitSummary, summarizeProfitDays } from '../../../core/profit/summarize-profit-days.ts';
import type { ProfitLines, ProfitQuery, ProfitReport } from '../../../shared/contracts/profit.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { findProfitShop, readProfitDays } from './profit-queries.ts';
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
  db: Db,
  workspaceId: string,
  query: ProfitQuery,
): Promise<ProfitReport> {
  const [shop] = await Promise.all([findProfitShop(db, workspaceId), refreshProfitRollup(db, workspaceId)]);
  const compared = query.compare ? comparisonRange(query.from, query.to, query.compare) : null;
  const days = await readProfitDays(db, workspaceId, compared?.from ?? query.from, query.to);
  const withExpenses = days.map((d) => ({ ...d, expenses: 0 }));
  const digits = shop?.currencyDigits ?? 2;
  const period = (from: string, to: string) =>
    toWire(summarizeProfitDays(withExpenses, from, to, query.granularity), from, to, digits);
  return {
    hasData: shop !== null,
    currency: shop?.currencyCode ?? DEFAULT_CURRENCY,
    timeZone: shop?.timeZone ?? null,
    granularity: query.granularity,
    ...period(query.from, query.to),
    ...(compared && query.compare
      ? { comparison: { compare: query.compare, ...period(compared.from, compared.to) } }
      : {}),
  };
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
    shipping: money(lines.shipping),
    paymentFees: money(lines.paymentFees),
    marketing: money(lines.marketing),
    contributionMargin: money(lines.contributionMargin),
    expenses: money(lines.expenses),
    netProfit: money(lines.netProfit),
  };
}

function toWire(summary: ProfitSummary, from: string, to: string, digits: number) {
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
