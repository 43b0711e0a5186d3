import { describe, expect, it } from 'vitest';
import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { findOutOfStockPeriods } from '../stockout/find-out-of-stock-periods.ts';
import type { ProductSale } from '../types.ts';
import { inferStockoutSnapshots } from './infer-stockout-snapshots.ts';

const day = (offset: number) => fromDayNumber(toDayNumber('2025-01-05') + offset);
const offsetOf = (date: string) => toDayNumber(date) - toDayNumber(day(0));

/** Sales over days 0…last: the rest of the store ('q') sells `store(d)`, p sells 1 when `sells(d)`. */
function salesOf(last: number, store: (d: number) => number, sells: (d: number) => boolean): ProductSale[] {
  const sales: ProductSale[] = [];
  for (let d = 0; d <= last; d += 1) {
    sales.push({ date: day(d), productId: 'q', units: store(d), revenue: 10 * store(d) });
    if (sells(d)) sales.push({ date: day(d), productId: 'p', units: 1, revenue: 10 });
  }
  return sales;
}

const periodsOf = (sales: ProductSale[], level: number, asOf: number) =>
  findOutOfStockPeriods(
    inferStockoutSnapshots([{ date: day(asOf), productId: 'p', available: level }], sales, day(asOf)),
    day(asOf),
  ).map((p) => ({ start: offsetOf(p.start), end: offsetOf(p.end), ongoing: p.ongoing }));

describe('inferStockoutSnapshots', () => {
  it('judges a no-sale run by the store’s volume: a gap in a peak is a stock-out, a quiet spell is not', () => {
    // p sells on 2 days in 3 while the rest of the store sells 20 a day. Days 100–103 are a peak
    // (60 a day) in which p sells nothing; days 200–208 are a lull (4 a day), likewise. A flat share
    // of sale days would call the 9 quiet days a stock-out ((1/3)^9 = 5e-5) and the 4 peak days
    // chance ((1/3)^4 = 0.01): at 60 a day p misses a day only 1 time in 27.
    const store = (d: number) => (d >= 100 && d <= 103 ? 60 : d >= 200 && d <= 208 ? 4 : 20);
    const gap = (d: number) => (d >= 100 && d <= 103) || (d >= 200 && d <= 208);
    const periods = periodsOf(
      salesOf(299, store, (d) => d % 3 !== 0 && !gap(d)),
      5,
      299,
    );
    expect(periods).toHaveLength(1);
    // Day 99 is one of p's usual no-sale days: the run starts there, and one unsold day at 1 in 3
    // is less than half a day expected, so the stock-out keeps it.
    expect(periods[0]).toEqual({ start: 99, end: 103, ongoing: false });
  });

  it('starts an ongoing stock-out of a slow seller after the days it would have gone unsold anyway', () => {
    // p sells on 1 day in 4 (last on day 148) and the first real snapshot, day 190, shows none left.
    // In stock, it goes (1 − 1/4) / (1/4) = 3 days without a sale on average after its last one, so
    // the stock-out is taken to start 3 days after the run does, not on day 149.
    const periods = periodsOf(
      salesOf(
        190,
        () => 20,
        (d) => d % 4 === 0 && d <= 148,
      ),
      0,
      190,
    );
    expect(periods).toEqual([{ start: 152, end: 190, ongoing: true }]);
  });

  it('keeps real snapshots and infers only before the first of them', () => {
    const sales = salesOf(
      120,
      () => 20,
      (d) => d < 60 || d > 70,
    );
    const real = [
      { date: day(80), productId: 'p', available: 4 },
      { date: day(100), productId: 'p', available: 0 },
    ];
    const result = inferStockoutSnapshots(real, sales, day(120));
    expect(result.slice(-2)).toEqual(real);
    const inferred = result.slice(0, -2);
    expect(inferred.every((s) => s.date < day(80))).toBe(true);
    // p sold every day but days 60–70: in stock from its first sale, out 60–70, back on day 71.
    expect(inferred).toEqual([
      { productId: 'p', date: day(0), available: 1 },
      { productId: 'p', date: day(60), available: 0 },
      { productId: 'p', date: day(71), available: 1 },
    ]);
  });
});
