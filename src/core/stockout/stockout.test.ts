import { describe, expect, it } from 'vitest';
import { LOW_STOCK_COVER_DAYS } from '../../shared/metrics.ts';
import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { classifyStock } from './classify-stock.ts';
import { computeDaysOfCover } from './compute-days-of-cover.ts';
import { estimateStockoutLoss } from './estimate-stockout-loss.ts';
import { findOutOfStockPeriods } from './find-out-of-stock-periods.ts';
import { predictLostUnitsRange } from './predict-lost-units-range.ts';

const day = (offset: number) => fromDayNumber(toDayNumber('2024-01-01') + offset);

describe('findOutOfStockPeriods', () => {
  it('carries snapshots forward and splits periods', () => {
    const snapshots = [
      { date: day(0), productId: 'p', available: 5 },
      { date: day(3), productId: 'p', available: 0 }, // out days 3–5
      { date: day(6), productId: 'p', available: 2 },
      { date: day(9), productId: 'p', available: -1 }, // out from day 9 to asOf (day 10)
      { date: day(1), productId: 'q', available: 1 },
    ];
    expect(findOutOfStockPeriods(snapshots, day(10))).toEqual([
      { productId: 'p', start: day(3), end: day(5), days: 3, ongoing: false },
      { productId: 'p', start: day(9), end: day(10), days: 2, ongoing: true },
    ]);
  });
});

describe('findOutOfStockPeriods at warehouse scale', () => {
  it('handles more snapshots than a function call takes arguments', () => {
    const snapshots = Array.from({ length: 200_000 }, (_, i) => ({
      date: day(i % 400),
      productId: `p${Math.floor(i / 400)}`,
      available: i % 400 === 399 ? 0 : 3,
    }));
    const periods = findOutOfStockPeriods(snapshots);
    expect(periods).toHaveLength(500);
    expect(periods[0]).toMatchObject({ start: day(399), end: day(399), days: 1, ongoing: true });
  });
});

describe('computeDaysOfCover', () => {
  it('divides stock by demand per in-stock day', () => {
    // Window days 1–10 (asOf day 10): p out on days 3–5 → 7 in-stock days, 14 units sold → 2/day.
    const snapshots = [
      { date: day(0), productId: 'p', available: 5 },
      { date: day(3), productId: 'p', available: 0 },
      { date: day(6), productId: 'p', available: 20 },
      { date: day(0), productId: 'q', available: 0 },
    ];
    const sales = [
      { date: day(1), productId: 'p', units: 7, revenue: 70 },
      { date: day(8), productId: 'p', units: 7, revenue: 70 },
      { date: day(12), productId: 'p', units: 100, revenue: 1000 }, // after asOf
    ];
    expect(computeDaysOfCover(snapshots, sales, day(10), 10)).toEqual([
      {
        productId: 'p',
        available: 20,
        unitsSold: 14,
        inStockDays: 7,
        dailyDemand: 2,
        daysOfCover: 10,
        status: 'in stock',
      },
      {
        productId: 'q',
        available: 0,
        unitsSold: 0,
        inStockDays: 0,
        dailyDemand: null,
        daysOfCover: null,
        status: 'out of stock',
      },
    ]);
  });
});

describe('classifyStock', () => {
  it('is out with nothing on hand, low under 14 days of cover, in stock otherwise', () => {
    expect(classifyStock(0, null)).toBe('Out of stock');
    expect(classifyStock(-2, 3)).toBe('Out of stock');
    expect(classifyStock(12, 4)).toBe('Low stock');
    expect(classifyStock(12, 13.99)).toBe('Low stock');
    expect(classifyStock(12, LOW_STOCK_COVER_DAYS)).toBe('In stock');
    expect(classifyStock(12, 16)).toBe('In stock');
    // Nothing sells: cover is unbounded.
    expect(classifyStock(12, null)).toBe('In stock');
  });
});

describe('estimateStockoutLoss (synthetic demand with known truth)', () => {
  // 10 units a day at 5.00 for 8 weeks, then out of stock for 5 days selling 1 unit in total:
  // expected 50, lost 49 units, 245.00 gross.
  const sales = Array.from({ length: 56 }, (_, i) => ({
    date: day(i),
    productId: 'p',
    units: 10,
    revenue: 50,
  }));
  sales.push({ date: day(57), productId: 'p', units: 1, revenue: 5 });
  const snapshots = [
    { date: day(0), productId: 'p', available: 100 },
    { date: day(56), productId: 'p', available: 0 },
    { date: day(61), productId: 'p', available: 40 },
  ];
  it('recovers the lost units and revenue', () => {
    const [loss] = estimateStockoutLoss(snapshots, sales, day(70));
    expect(loss).toMatchObject({
      productId: 'p',
      start: day(56),
      end: day(60),
      days: 5,
      soldUnits: 1,
      unitPrice: 5,
    });
    expect(loss!.expectedUnits).toBeCloseTo(50, 6);
    expect(loss!.lostUnits).toBeCloseTo(49, 6);
    expect(loss!.lostRevenue).toBeCloseTo(245, 6);
    expect(loss!.lostToStoreRange.low).toBeCloseTo(245 * 0.33, 6);
    expect(loss!.lostToStoreRange.high).toBeCloseTo(245 * 0.58, 6);
    expect(loss!.baselineHadStockouts).toBe(false);
  });
  it('expects nothing on a weekday the store never trades and flags a baseline with stock-outs', () => {
    // Weekday demand 10 (Mon–Fri and Sun), Saturdays closed; an earlier stock-out inside the window.
    const weekly = Array.from({ length: 56 }, (_, i) => ({
      date: day(i),
      productId: 'w',
      units: i % 7 === 5 ? 0 : 10,
      revenue: i % 7 === 5 ? 0 : 20,
    }));
    const stock = [
      { date: day(0), productId: 'w', available: 100 },
      { date: day(20), productId: 'w', available: 0 },
      { date: day(21), productId: 'w', available: 100 },
      { date: day(56), productId: 'w', available: 0 }, // Monday day 56 … Sunday day 62: 7 days, Saturday closed
      { date: day(63), productId: 'w', available: 10 },
    ];
    const losses = estimateStockoutLoss(stock, weekly, day(63));
    const last = losses[losses.length - 1]!;
    expect(last.days).toBe(7);
    expect(last.expectedUnits).toBeCloseTo(60, 0);
    expect(last.baselineHadStockouts).toBe(true);
    expect(last.unitPrice).toBe(2);
  });
  it('takes holiday peaks from the rest of the store: none in the baseline level, all in the stock-out', () => {
    // p sells 4 a day and the rest of the store (q) 20; a Black Friday week (days 40–43) sells 2.5×,
    // and p runs out on days 56–64 of a 1.5× gifting run-up: truth 6 a day × 9 days = 54 units.
    const peak = (d: number) => (d >= 40 && d <= 43 ? 2.5 : d >= 56 ? 1.5 : 1);
    const store = Array.from({ length: 70 }, (_, d) => [
      { date: day(d), productId: 'q', units: 20 * peak(d), revenue: 200 * peak(d) },
      ...(d >= 56 && d <= 64
        ? []
        : [{ date: day(d), productId: 'p', units: 4 * peak(d), revenue: 12 * peak(d) }]),
    ]).flat();
    const stock = [
      { date: day(0), productId: 'p', available: 100 },
      { date: day(56), productId: 'p', available: 0 },
      { date: day(65), productId: 'p', available: 50 },
    ];
    const [loss] = estimateStockoutLoss(stock, store, day(69));
    expect(loss).toMatchObject({ start: day(56), days: 9, baselineModel: 'store-share', unitPrice: 3 });
    expect(loss!.expectedUnits).toBeCloseTo(54, 6);
    expect(loss!.lostRevenue).toBeCloseTo(162, 6);
    // 248 baseline units at 270/1240 expected units each: range from both Poisson noises.
    const range = predictLostUnitsRange(248, 270 / 1240, 0);
    expect(loss!.lostRevenueRange.low).toBeCloseTo(range.low * 3, 6);
    expect(loss!.lostRevenueRange.high).toBeCloseTo(range.high * 3, 6);
    expect(range.low).toBeLessThan(54);
    expect(range.high).toBeGreaterThan(54);
  });
});

describe('estimateStockoutLoss baseline on both sides of a finished stock-out', () => {
  // p's share of the store drifts from 4 per 20 (days 0–55) to 6 per 20 (from day 65 on); it is
  // out on days 56–64. The share before alone expects 4 a day, after alone 6; both sides pool
  // 56 days at 4 and 49 at 6 (days 72–120) over 105 days of the store's 20. Shoppers who waited buy
  // 30 a day in the week after the restock (days 65–71): demand recovered, not lost, so those days
  // must not raise the share.
  const rate = (d: number) => (d < 56 ? 4 : d <= 71 ? 30 : 6);
  const sales = Array.from({ length: 72 + 56 }, (_, d) => [
    { date: day(d), productId: 'q', units: 20, revenue: 200 },
    ...(d >= 56 && d <= 64 ? [] : [{ date: day(d), productId: 'p', units: rate(d), revenue: 3 * rate(d) }]),
  ]).flat();
  const stock = [
    { date: day(0), productId: 'p', available: 100 },
    { date: day(56), productId: 'p', available: 0 },
    { date: day(65), productId: 'p', available: 50 },
  ];

  it('pools the in-stock days before and after it, leaving out the week after the restock', () => {
    const [loss] = estimateStockoutLoss(stock, sales, day(72 + 55));
    expect(loss).toMatchObject({ start: day(56), days: 9, baselineModel: 'store-share', unitPrice: 3 });
    expect(loss!.expectedUnits).toBeCloseTo(((56 * 4 + 49 * 6) / (105 * 20)) * 20 * 9, 6);
    expect(loss!.baselineUnits).toBe(56 * 4 + 49 * 6);
  });

  it('uses the days before alone while the stock-out is still going on', () => {
    const ongoing = [...stock.slice(0, 2)];
    const [loss] = estimateStockoutLoss(ongoing, sales, day(64));
    expect(loss).toMatchObject({ ongoing: true, days: 9 });
    expect(loss!.expectedUnits).toBeCloseTo(4 * 9, 6);
  });
});

describe('predictLostUnitsRange', () => {
  it('adds the baseline count noise and the demand noise, net of units sold', () => {
    // E = 100 × 0.5 = 50; variance 50 + 0.25 × 100 = 75; ±1.96 √75 = ±16.97; 5 sold.
    const range = predictLostUnitsRange(100, 0.5, 5, 1.96);
    expect(range.low).toBeCloseTo(50 - 1.96 * Math.sqrt(75) - 5, 6);
    expect(range.high).toBeCloseTo(50 + 1.96 * Math.sqrt(75) - 5, 6);
  });
  it('keeps an upper end when the baseline sold nothing', () => {
    expect(predictLostUnitsRange(0, 2, 0)).toEqual({ low: 0, high: 1.2816 * 2 });
  });
});
