import { describe, expect, it } from 'vitest';
import { type ProfitDay, summarizeProfitDays } from './summarize-profit-days.ts';

const day = (date: string, overrides: Partial<ProfitDay> = {}): ProfitDay => ({
  day: date,
  grossSales: 10_000,
  discounts: 500,
  returns: 1_000,
  cogs: 3_000,
  cogsEstimated: 0,
  shipping: 700,
  paymentFees: 290,
  marketing: 1_500,
  expenses: 333,
  unitsSold: 4,
  unitsWithCost: 3,
  shippingCharges: 600,
  taxes: 400,
  ...overrides,
});

describe('summarizeProfitDays', () => {
  it('derives every subtotal from the inputs (hand-computed)', () => {
    const summary = summarizeProfitDays([day('2025-01-06')], '2025-01-06', '2025-01-06', 'day');
    expect(summary.totals).toEqual({
      grossSales: 10_000,
      discounts: 500,
      returns: 1_000,
      netSales: 8_500,
      cogs: 3_000,
      grossProfit: 5_500,
      shipping: 700,
      paymentFees: 290,
      marketing: 1_500,
      // net sales + shipping charged − COGS − shipping − fees − marketing (decision 088)
      contributionMargin: 8_500 + 600 - 3_000 - 700 - 290 - 1_500,
      expenses: 333,
      netProfit: 8_500 + 600 - 3_000 - 700 - 290 - 1_500 - 333,
      // Shopify's total sales: net sales + shipping charged + taxes (decision 088).
      shippingCharges: 600,
      taxes: 400,
      totalSales: 9_500,
    });
    expect(summary).toMatchObject({ unitsSold: 4, unitsWithCost: 3, cogsEstimated: 0 });
  });

  it('fills empty days with zero and ignores days outside the range', () => {
    const summary = summarizeProfitDays(
      [day('2025-01-05'), day('2025-01-07', { grossSales: 2_000, returns: 0 })],
      '2025-01-06',
      '2025-01-08',
      'day',
    );
    expect(summary.series.map((b) => [b.period, b.grossSales, b.netProfit])).toEqual([
      ['2025-01-06', 0, 0],
      // Shipping charged (600) is outside gross sales but is money the order brought in (decision 088).
      ['2025-01-07', 2_000, 2_000 - 500 + 600 - 3_000 - 700 - 290 - 1_500 - 333],
      ['2025-01-08', 0, 0],
    ]);
    expect(summary.totals.grossSales).toBe(2_000);
  });

  it('buckets by ISO week (Monday) and month, clipped to the range, summing to the totals', () => {
    // 2025-01-30 is a Thursday; the range crosses a week and a month boundary.
    const days = ['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-02', '2025-02-03'].map((d, i) =>
      day(d, { grossSales: 1_000 * (i + 1), returns: 0, discounts: 0 }),
    );
    const weeks = summarizeProfitDays(days, '2025-01-30', '2025-02-03', 'week');
    expect(weeks.series.map((b) => [b.period, b.start, b.end, b.grossSales])).toEqual([
      ['2025-01-27', '2025-01-30', '2025-02-02', 10_000],
      ['2025-02-03', '2025-02-03', '2025-02-03', 5_000],
    ]);
    const months = summarizeProfitDays(days, '2025-01-30', '2025-02-03', 'month');
    expect(months.series.map((b) => [b.period, b.start, b.end, b.grossSales])).toEqual([
      ['2025-01', '2025-01-30', '2025-01-31', 3_000],
      ['2025-02', '2025-02-01', '2025-02-03', 12_000],
    ]);
    for (const summary of [weeks, months]) {
      const netProfit = summary.series.reduce((sum, b) => sum + b.netProfit, 0);
      expect(netProfit).toBe(summary.totals.netProfit);
    }
  });
});
