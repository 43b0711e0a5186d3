import { addDays } from '../../shared/calendar.ts';
import {
  deriveProfitLines,
  type ProfitInputLines,
  type ProfitStatementLines,
} from './derive-profit-lines.ts';
import { type ProfitGranularity, profitPeriodOf } from './profit-period-of.ts';

/** One shop day's P&L inputs and unit counts (minor units); days without a row count as zero. */
export interface ProfitDay extends ProfitInputLines {
  day: string;
  /** The part of `cogs` priced by the default margin (estimated, not known). */
  cogsEstimated: number;
  unitsSold: number;
  /** Sold units whose cost came from the owner or Shopify. */
  unitsWithCost: number;
}

export interface ProfitSummaryBucket extends ProfitStatementLines {
  period: string;
  /** First and last day of the bucket inside the range. */
  start: string;
  end: string;
}

export interface ProfitSummary {
  totals: ProfitStatementLines;
  series: ProfitSummaryBucket[];
  unitsSold: number;
  unitsWithCost: number;
  cogsEstimated: number;
}

const ZERO_INPUT: ProfitInputLines = {
  grossSales: 0,
  discounts: 0,
  returns: 0,
  shippingCharges: 0,
  taxes: 0,
  cogs: 0,
  shipping: 0,
  paymentFees: 0,
  marketing: 0,
  expenses: 0,
};

const addInputs = (into: ProfitInputLines, day: ProfitInputLines): void => {
  into.grossSales += day.grossSales;
  into.discounts += day.discounts;
  into.returns += day.returns;
  into.shippingCharges += day.shippingCharges;
  into.taxes += day.taxes;
  into.cogs += day.cogs;
  into.shipping += day.shipping;
  into.paymentFees += day.paymentFees;
  into.marketing += day.marketing;
  into.expenses += day.expenses;
};

/**
 * The P&L of the shop days `from`..`to` (inclusive): totals and a series by day, ISO week or
 * month, every bucket present (empty ones zero) and clipped to the range, so the buckets of any
 * granularity sum to the totals. Days outside the range are ignored. Sums are exact in integer
 * minor units; the subtotals come from `deriveProfitLines`.
 */
export function summarizeProfitDays(
  days: readonly ProfitDay[],
  from: string,
  to: string,
  granularity: ProfitGranularity,
): ProfitSummary {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const total: ProfitInputLines = { ...ZERO_INPUT };
  const buckets: Array<{ period: string; start: string; end: string; input: ProfitInputLines }> = [];
  let unitsSold = 0;
  let unitsWithCost = 0;
  let cogsEstimated = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const { period } = profitPeriodOf(day, granularity);
    let bucket = buckets.at(-1);
    if (bucket?.period !== period) {
      bucket = { period, start: day, end: day, input: { ...ZERO_INPUT } };
      buckets.push(bucket);
    }
    bucket.end = day;
    const row = byDay.get(day);
    if (!row) continue;
    addInputs(bucket.input, row);
    addInputs(total, row);
    unitsSold += row.unitsSold;
    unitsWithCost += row.unitsWithCost;
    cogsEstimated += row.cogsEstimated;
  }
  return {
    totals: deriveProfitLines(total),
    series: buckets.map((b) => ({
      period: b.period,
      start: b.start,
      end: b.end,
      ...deriveProfitLines(b.input),
    })),
    unitsSold,
    unitsWithCost,
    cogsEstimated,
  };
}
