import { describe, expect, it } from 'vitest';
import { computeCohorts } from './compute-cohorts.ts';

/*
 * Weeks start on Monday: 2024-01-01, -08, -15, -22, -29. asOf 2024-01-28 (a Sunday) completes
 * weeks 0–3. Cohort 2024-01-01: a, b, c, d; cohort 2024-01-08: e, f.
 * a orders in weeks 0, 1, 3; b in 0, 2; c in 0, 1; d only week 0; e in weeks 1, 2 (k = 0, 1);
 * f in week 1 and 2024-01-29 (after asOf, ignored).
 * Cohort 1 retention: k1 = a, c → 50 %; k2 = b → 25 %; k3 = a → 25 %.
 * Cohort 2 retention: k1 = e → 50 %; k2 = none → 0 %.
 * Pooled: k1 = (2 + 1)/(4 + 2) = 50 %; k2 = (1 + 0)/6 = 16.67 %; k3 = 1/4 = 25 %.
 */
const tx = (customerId: string, date: string) => ({ customerId, date, amount: 1 });
const transactions = [
  tx('a', '2024-01-01'),
  tx('a', '2024-01-09'),
  tx('a', '2024-01-25'),
  tx('b', '2024-01-03'),
  tx('b', '2024-01-15'),
  tx('c', '2024-01-07'),
  tx('c', '2024-01-08'),
  tx('d', '2024-01-02'),
  tx('e', '2024-01-10'),
  tx('e', '2024-01-17'),
  tx('f', '2024-01-14'),
  tx('f', '2024-01-29'),
];

describe('computeCohorts (weekly, worked by hand)', () => {
  const table = computeCohorts(transactions, '2024-01-28', 'week');
  it('builds the retention matrix', () => {
    expect(table.cohorts).toEqual([
      { cohort: '2024-01-01', customers: 4, retention: [100, 50, 25, 25] },
      { cohort: '2024-01-08', customers: 2, retention: [100, 50, 0] },
    ]);
  });
  it.each([
    [0, 2, 6, 6, 100],
    [1, 2, 6, 3, 50],
    [2, 2, 6, 1, 100 / 6],
    [3, 1, 4, 1, 25],
  ])('pooled point k = %i', (k, cohorts, customers, retained, percent) => {
    const point = table.pooled[k]!;
    expect(point).toMatchObject({ k, cohorts, customers, retained });
    expect(point.percent).toBeCloseTo(percent, 12);
  });
  it('drops a partial last week', () => {
    // asOf Saturday 2024-01-27: week 3 (Jan 22–28) is not complete.
    expect(computeCohorts(transactions, '2024-01-27', 'week').cohorts[0]!.retention).toEqual([100, 50, 25]);
  });
});

describe('computeCohorts (monthly)', () => {
  it('groups by first-order month', () => {
    const table = computeCohorts(
      [tx('a', '2024-01-31'), tx('a', '2024-02-01'), tx('b', '2024-02-10'), tx('c', '2024-01-05')],
      '2024-02-29',
      'month',
    );
    expect(table.cohorts).toEqual([
      { cohort: '2024-01-01', customers: 2, retention: [100, 50] },
      { cohort: '2024-02-01', customers: 1, retention: [100] },
    ]);
    expect(table.pooled.map((p) => p.percent)).toEqual([100, 50]);
  });
  it('returns empty tables for no transactions', () => {
    expect(computeCohorts([], '2024-01-01', 'month')).toMatchObject({
      cohorts: [],
      pooled: [{ k: 0, customers: 0, percent: 0 }],
    });
  });
});
