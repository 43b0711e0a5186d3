import { describe, expect, it } from 'vitest';
import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { assignSegment } from './assign-segment.ts';
import { computeRfm } from './compute-rfm.ts';
import { scoreQuintiles } from './score-quintiles.ts';

/*
 * Ten customers (recency days, orders, revenue), quintiles computed by hand:
 * recency 1,3,5,10,20,30,40,50,60,100 → Q₇(.2,.4,.6,.8) = 4.6, 16, 34, 52 → cuts 5.6, 17, 35, 53;
 * frequency sorted 1,1,1,1,1,2,2,3,4,5 → Q₇ = 1, 1, 2, 3.2 → cuts 2, 2, 3, 4.2 ([2,2) is empty,
 * so 2 orders score 3); revenue 10…100 → Q₇ = 28, 46, 64, 82 → cuts 29, 47, 65, 83.
 */
const table = [
  // id, recency, orders, revenue, R, F, M, segment A, segment C
  ['c1', 1, 1, 10, 5, 1, 1, 'Potential Loyalist', 'Potential Loyalist'],
  ['c2', 3, 2, 20, 5, 3, 1, 'Potential Loyalist', 'Potential Loyalist'],
  ['c3', 5, 1, 30, 5, 1, 2, 'Potential Loyalist', 'Potential Loyalist'],
  ['c4', 10, 3, 40, 4, 4, 2, 'Others', 'Loyal Customers'],
  ['c5', 20, 1, 50, 3, 1, 3, 'Potential Loyalist', 'Potential Loyalist'],
  ['c6', 30, 4, 60, 3, 4, 3, 'Loyal Customers', 'Loyal Customers'],
  ['c7', 40, 1, 70, 2, 1, 4, 'Others', 'Need Attention'],
  ['c8', 50, 2, 80, 2, 3, 4, 'Loyal Customers', 'Loyal Customers'],
  ['c9', 60, 1, 90, 1, 1, 5, 'Others', 'At Risk'],
  ['c10', 100, 5, 100, 1, 5, 5, 'At Risk', 'At Risk'],
] as const;

const asOf = '2024-04-10';
const transactions = table.flatMap(([id, recency, orders, revenue]) =>
  Array.from({ length: orders }, (_, k) => ({
    customerId: id,
    // The last order is `recency` days before asOf, earlier ones 100 days apart before it.
    date: fromDayNumber(toDayNumber(asOf) - recency - 100 * k),
    amount: revenue / orders,
  })),
);

describe('computeRfm on a hand-computed table (rfm-package quintiles)', () => {
  it.each(['A', 'C'] as const)('scores and segments every customer, preset %s', (preset) => {
    const result = computeRfm(transactions, asOf, { preset });
    for (const [id, recency, orders, revenue, r, f, m, segmentA, segmentC] of table) {
      const customer = result.customers.find((c) => c.customerId === id)!;
      expect(customer).toMatchObject({ recencyDays: recency, frequency: orders, r, f, m });
      expect(customer.monetary).toBeCloseTo(revenue, 9);
      expect(customer.segment).toBe(preset === 'A' ? segmentA : segmentC);
    }
  });

  it('totals each segment (preset A)', () => {
    const segments = computeRfm(transactions, asOf).segments;
    const bySegment = Object.fromEntries(segments.map((s) => [s.segment, s]));
    expect(bySegment['Potential Loyalist']).toMatchObject({ customers: 4, orders: 5, revenue: 110 });
    expect(bySegment['Loyal Customers']).toMatchObject({ customers: 2, orders: 6, revenue: 140 });
    expect(bySegment['At Risk']).toMatchObject({ customers: 1, orders: 5, revenue: 100 });
    expect(bySegment.Others).toMatchObject({ customers: 3, orders: 5, revenue: 200 });
    expect(bySegment.Champions).toMatchObject({ customers: 0, orders: 0, revenue: 0 });
    expect(segments.reduce((s, x) => s + x.customers, 0)).toBe(10);
  });

  it('growthRate compares with the same computation 30 days earlier', () => {
    const now = computeRfm(transactions, asOf).segments;
    const before = computeRfm(transactions, fromDayNumber(toDayNumber(asOf) - 30)).segments;
    for (const segment of now) {
      const previous = before.find((s) => s.segment === segment.segment)!.customers;
      expect(segment.growthRate).toBe(
        previous > 0 ? (100 * (segment.customers - previous)) / previous : null,
      );
    }
  });
});

describe('scoreQuintiles', () => {
  it.each([
    // rank-based: ties broken by order, two per quintile with n = 10
    ['rank', [1, 2, 1, 3, 1, 4, 1, 2, 1, 5], false, [1, 3, 1, 4, 2, 5, 2, 4, 3, 5]],
    ['rank', [1, 3, 5, 10, 20, 30, 40, 50, 60, 100], true, [5, 5, 4, 4, 3, 3, 2, 2, 1, 1]],
    // rfm-package: all equal → cuts are v + 1 four times, so v lies in [min, c₁) and scores 1
    ['rfm-package', [7], false, [1]],
    ['rfm-package', [3, 3, 3], true, [5, 5, 5]],
    ['rfm-package', [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], false, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]],
  ] as const)('%s %j (reverse %s)', (method, values, reverse, expected) => {
    expect(scoreQuintiles(values, method, reverse)).toEqual(expected);
  });
  it('returns nothing for no values', () => expect(scoreQuintiles([], 'rank')).toEqual([]));
});

describe('assignSegment', () => {
  it.each([
    [5, 5, 5, 'A', 'Champions'],
    [4, 1, 1, 'A', 'Potential Loyalist'], // first match wins over New Customers
    [1, 4, 4, 'A', 'At Risk'],
    [1, 1, 1, 'A', 'Lost'],
    [1, 1, 5, 'A', 'Others'],
    [2, 1, 2, 'C', 'About To Sleep'],
    [1, 1, 2, 'C', 'Hibernating'], // FM 1.5: Hibernating matches before Lost
  ] as const)('R%i F%i M%i preset %s → %s', (r, f, m, preset, expected) => {
    expect(assignSegment(r, f, m, preset)).toBe(expected);
  });
});
