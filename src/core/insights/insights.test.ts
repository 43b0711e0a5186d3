import { describe, expect, it } from 'vitest';
import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { checkForecastBands } from './check-forecast-bands.ts';
import { compareRanges } from './compare-ranges.ts';
import { describeAttributionGaps } from './describe-attribution-gaps.ts';
import { describeMovers } from './describe-movers.ts';
import { describeRevenueAnomalies } from './describe-revenue-anomalies.ts';
import { describeSegmentShifts } from './describe-segment-shifts.ts';
import { describeStockouts } from './describe-stockouts.ts';
import { formatChannel } from './format-channel.ts';
import { formatDay } from './format-day.ts';
import { formatMoney } from './format-money.ts';
import { gradeSeverity } from './grade-severity.ts';
import { rankInsights } from './rank-insights.ts';
import type { InsightContext } from './types.ts';

const context: InsightContext = { currency: 'USD', periodDays: 30, periodRevenue: 100_000 };
const addDays = (day: string, n: number) => fromDayNumber(toDayNumber(day) + n);

describe('formatting', () => {
  it('names channels as the owner reads them', () => {
    expect(formatChannel('google_ads')).toBe('Google Ads');
    expect(formatChannel('direct')).toBe('Direct');
  });
  it('states money exactly in the shop currency, with its own decimals', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'JPY')).toBe('¥1,235');
    expect(formatMoney(-12, 'EUR')).toBe('-€12.00');
  });
  it('names the shop-local day whatever the process time zone', () => {
    expect(formatDay('2026-10-13')).toBe('Tue 13 Oct 2026');
    expect(formatDay('2026-03-29')).toBe('Sun 29 Mar 2026');
  });
  it('grades severity against the period revenue', () => {
    expect(gradeSeverity(5000, 100_000)).toBe('high');
    expect(gradeSeverity(-1000, 100_000)).toBe('medium');
    expect(gradeSeverity(999, 100_000)).toBe('low');
    expect(gradeSeverity(999, 0)).toBe('low');
  });
});

describe('compareRanges', () => {
  it('sums each key in the period and the one before, biggest change first', () => {
    const asOf = '2026-10-31';
    const rows = [
      { key: 'a', label: 'Alpha', date: asOf, value: 100 },
      { key: 'a', label: 'Alpha', date: addDays(asOf, -6), value: 50 }, // last day of the 7-day period
      { key: 'a', label: 'Alpha', date: addDays(asOf, -7), value: 30 }, // first day of the previous one
      { key: 'b', label: 'Beta', date: addDays(asOf, -13), value: 400 }, // last day of the previous one
      { key: 'b', label: 'Beta', date: addDays(asOf, -14), value: 999 }, // outside both
      { key: 'c', label: 'Gamma', date: addDays(asOf, 1), value: 999 }, // after asOf
    ];
    const week = { from: addDays(asOf, -6), to: asOf };
    const before = { from: addDays(asOf, -13), to: addDays(asOf, -7) };
    expect(compareRanges(rows, week, before)).toEqual([
      { key: 'b', label: 'Beta', current: 0, previous: 400 },
      { key: 'a', label: 'Alpha', current: 150, previous: 30 },
    ]);
  });

  it('compares with any range: the same weekdays a year back', () => {
    const asOf = '2026-10-31';
    const rows = [
      { key: 'a', label: 'Alpha', date: addDays(asOf, -2), value: 10 },
      { key: 'a', label: 'Alpha', date: addDays(asOf, -366), value: 7 }, // in the year-back range
      { key: 'a', label: 'Alpha', date: addDays(asOf, -10), value: 999 }, // between the two: ignored
    ];
    const range = { from: addDays(asOf, -6), to: asOf };
    const yearBack = { from: addDays(asOf, -370), to: addDays(asOf, -364) };
    expect(compareRanges(rows, range, yearBack)).toEqual([
      { key: 'a', label: 'Alpha', current: 10, previous: 7 },
    ]);
  });
});

describe('checkForecastBands', () => {
  // A flat shop: 1,000 a day, every day, for 120 days; then the last 7 days deviate.
  const asOf = '2026-10-31';
  const history = Array.from({ length: 120 }, (_, i) => ({ date: addDays(asOf, i - 119), value: 1000 }));

  it('forecasts the period from the days before it and compares each day', () => {
    const days = checkForecastBands(history, asOf, 7)!;
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(asOf, i - 6)));
    for (const d of days) {
      expect(d.actual).toBe(1000);
      expect(d.expected).toBeCloseTo(1000, 6);
      expect(d.lo95).toBeLessThanOrEqual(d.expected);
      expect(d.hi95).toBeGreaterThanOrEqual(d.expected);
    }
  });

  it('never lets the period leak into the forecast', () => {
    const spiked = history.map((p) => (p.date > addDays(asOf, -7) ? { ...p, value: 5000 } : p));
    const days = checkForecastBands(spiked, asOf, 7)!;
    expect(days.every((d) => d.actual === 5000 && Math.abs(d.expected - 1000) < 1e-6)).toBe(true);
  });

  it('counts missing days as no revenue and needs 8 weeks before the period', () => {
    const gap = history.filter((p) => p.date !== asOf);
    expect(checkForecastBands(gap, asOf, 7)!.at(-1)!.actual).toBe(0);
    expect(checkForecastBands(history.slice(-62), asOf, 7)).toBeNull();
    expect(checkForecastBands(history.slice(-63), asOf, 7)).not.toBeNull();
  });
});

describe('describeRevenueAnomalies', () => {
  const band = { expected: 1000, lo95: 800, hi95: 1200 };
  const days = [
    { date: '2026-10-10', actual: 1000, ...band },
    { date: '2026-10-11', actual: 500, ...band },
    { date: '2026-10-12', actual: 1250, ...band },
    { date: '2026-10-13', actual: 800, ...band }, // on the bound: inside
  ];

  it('reports days outside the 95 % band with direction and size, largest first', () => {
    const insights = describeRevenueAnomalies(days, { ...context, periodRevenue: 30_000 });
    expect(insights.map((i) => [i.id, i.tone, i.severity, i.impact])).toEqual([
      ['revenue_anomaly:2026-10-11', 'negative', 'medium', 500],
      ['revenue_anomaly:2026-10-12', 'positive', 'low', 250],
    ]);
    expect(insights[0]!.narrative).toBe(
      "On Sun 11 Oct 2026 revenue was $500.00, $300.00 below the forecast's 95 % range of $800.00 – $1,200.00 (expected $1,000.00).",
    );
    expect(insights[1]!.narrative).toContain('$50.00 above');
    expect(insights[0]!.evidence).toContainEqual({
      label: 'Below the range by',
      value: 300,
      unit: 'currency',
    });
  });
});

describe('describeMovers', () => {
  const movers = [
    { key: '1', label: 'Trail Shoe', current: 4210, previous: 3160 },
    { key: '2', label: 'Rain Jacket', current: 1000, previous: 7000 },
    { key: '3', label: 'Sock', current: 900, previous: 100 }, // change 800 < 1 % of 100,000
    { key: '4', label: 'New Hat', current: 2000, previous: 0 },
  ];

  it('narrates the biggest moves with exact money and percent', () => {
    const insights = describeMovers(movers, 'product', context);
    expect(insights.map((i) => i.id)).toEqual(['product_mover:2', 'product_mover:4', 'product_mover:1']);
    expect(insights[0]).toMatchObject({ severity: 'high', tone: 'negative', link: { href: '/products' } });
    expect(insights[0]!.narrative).toBe(
      'Rain Jacket brought in $1,000.00 in the last 30 days, down $6,000.00 (−86 %) on the 30 days before ($7,000.00).',
    );
    expect(insights[2]!.narrative).toBe(
      'Trail Shoe brought in $4,210.00 in the last 30 days, up $1,050.00 (+33 %) on the 30 days before ($3,160.00).',
    );
    // No growth rate from zero.
    expect(insights[1]!.narrative).not.toContain('%');
    expect(insights[1]!.severity).toBe('medium');
  });

  it('links channels and segments to their pages', () => {
    expect(describeMovers(movers, 'channel', context)[0]).toMatchObject({
      kind: 'channel_mover',
      link: { href: '/' },
    });
    expect(describeMovers(movers, 'segment', context)[0]!.link.href).toBe('/customers');
    expect(describeMovers(movers, 'product', { ...context, periodRevenue: 0 })).toEqual([]);
  });
});

describe('describeSegmentShifts', () => {
  it('reports shifts of ≥ 10 % in segments of ≥ 20 customers (not Others), with the right tone', () => {
    const insights = describeSegmentShifts(
      [
        { segment: 'At Risk', customers: 125, growthRate: 25, revenue: 10_000 },
        { segment: 'Champions', customers: 90, growthRate: -10, revenue: 50_000 },
        { segment: 'Lost', customers: 300, growthRate: 9.9, revenue: 1000 },
        { segment: 'Promising', customers: 19, growthRate: 50, revenue: 1000 },
        { segment: 'New Customers', customers: 40, growthRate: null, revenue: 1000 },
        { segment: 'Others', customers: 400, growthRate: 80, revenue: 1000 },
      ],
      context,
    );
    expect(insights.map((i) => [i.id, i.severity, i.tone, i.impact])).toEqual([
      ['segment_shift:At Risk', 'medium', 'negative', 2500],
      ['segment_shift:Champions', 'low', 'negative', 5000],
    ]);
    expect(insights[0]!.narrative).toBe(
      'The At Risk segment grew by 25.0 % in 30 days, from about 100 to 125 customers.',
    );
  });
});

describe('describeStockouts', () => {
  it('reports products out of stock now with their daily loss', () => {
    const insights = describeStockouts(
      [
        {
          productId: 'v1',
          product: 'Trail Shoe – 42',
          available: 0,
          outOfStockDays: 10,
          estimatedLoss: 2500,
        },
        { productId: 'v2', product: 'Cap', available: 3, outOfStockDays: 4, estimatedLoss: 900 },
        { productId: 'v3', product: 'Belt', available: -1, outOfStockDays: 0, estimatedLoss: 0 },
      ],
      context,
    );
    expect(insights.map((i) => [i.id, i.impact, i.severity])).toEqual([
      ['stockout:v1', 7500, 'high'],
      ['stockout:v3', 0, 'low'],
    ]);
    expect(insights[0]!.narrative).toBe(
      'Trail Shoe – 42 is out of stock; its 10 days without stock cost an estimated $2,500.00, about $250.00 a day.',
    );
  });
});

describe('describeAttributionGaps', () => {
  it('reports channels matching below 70 %', () => {
    const insights = describeAttributionGaps(
      [
        { channel: 'meta_ads', matchRate: 50, revenue: 5000, platformRevenue: 10_000 },
        { channel: 'email', matchRate: 90, revenue: 900, platformRevenue: 1000 },
        { channel: 'direct', matchRate: 100, revenue: 9000, platformRevenue: null },
      ],
      context,
    );
    expect(insights).toHaveLength(1);
    expect(insights[0]).toMatchObject({ id: 'attribution_gap:meta_ads', impact: 5000, severity: 'high' });
    expect(insights[0]!.link.href).toBe('/campaigns');
    expect(insights[0]!.narrative).toContain(
      'reported $10,000.00 of revenue while your store verified $5,000.00',
    );
  });
});

describe('rankInsights', () => {
  it('orders by severity, then money at stake, then id', () => {
    const base = describeMovers(
      [{ key: 'x', label: 'X', current: 2000, previous: 0 }],
      'product',
      context,
    )[0]!;
    const ranked = rankInsights([
      { ...base, id: 'b', severity: 'low', impact: 9e9 },
      { ...base, id: 'c', severity: 'high', impact: 10 },
      { ...base, id: 'a', severity: 'high', impact: 10 },
      { ...base, id: 'd', severity: 'high', impact: 20 },
    ]);
    expect(ranked.map((i) => i.id)).toEqual(['d', 'a', 'c', 'b']);
  });
});
