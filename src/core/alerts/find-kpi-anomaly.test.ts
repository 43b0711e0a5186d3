import { describe, expect, it } from 'vitest';
import { findKpiAnomaly } from './find-kpi-anomaly.ts';
import { weekdayBaselineInterval } from './weekday-baseline-interval.ts';
import { weekdayCountInterval } from './weekday-count-interval.ts';

describe('findKpiAnomaly', () => {
  it('builds a weekday baseline of mean ± 1.96 sd and needs 4 weeks', () => {
    expect(weekdayBaselineInterval([100, 110, 90])).toBeNull();
    const interval = weekdayBaselineInterval([100, 110, 90, 100])!;
    const sd = Math.sqrt((0 + 100 + 100 + 0) / 3);
    expect(interval.expected).toBe(100);
    expect(interval.lo95).toBeCloseTo(100 - 1.959964 * sd, 6);
    expect(interval.hi95).toBeCloseTo(100 + 1.959964 * sd, 6);
  });

  it('flags a day with half the usual orders, not an ordinary one', () => {
    const interval = weekdayBaselineInterval([40, 44, 38, 42, 41, 39, 43, 40]);
    expect(findKpiAnomaly(20, interval)).toMatchObject({ direction: 'below', value: 20 });
    expect(findKpiAnomaly(41, interval)).toBeNull();
    expect(findKpiAnomaly(80, interval)).toMatchObject({ direction: 'above' });
    expect(findKpiAnomaly(5, null)).toBeNull();
  });

  it('never expects below zero, unless the KPI can be negative (a margin, POAS)', () => {
    expect(weekdayBaselineInterval([0, 10, 0, 10])!.lo95).toBe(0);
    const margin = weekdayBaselineInterval([0, 10, 0, 10], Number.NEGATIVE_INFINITY)!;
    expect(margin.lo95).toBeCloseTo(5 - 1.959964 * Math.sqrt(100 / 3), 6);
    expect(findKpiAnomaly(-40, margin)).toMatchObject({ direction: 'below' });
  });
});

describe('weekdayCountInterval', () => {
  it('is the Poisson 95 % interval of the same-weekday mean, and needs 4 weeks', () => {
    expect(weekdayCountInterval([20, 20, 20])).toBeNull();
    const interval = weekdayCountInterval([18, 22, 20, 20])!;
    expect(interval.expected).toBe(20);
    // Poisson(20): P(X ≤ 11) = 0.0214, P(X ≤ 12) = 0.0390; P(X ≤ 28) = 0.9656, P(X ≤ 29) = 0.9782.
    expect(interval.lo95).toBe(12);
    expect(interval.hi95).toBe(29);
    expect(findKpiAnomaly(10, interval)).toMatchObject({ direction: 'below' });
    expect(findKpiAnomaly(12, interval)).toBeNull();
  });

  it('does not underflow for thousands of orders a day', () => {
    const interval = weekdayCountInterval([5000, 5000, 5000, 5000])!;
    expect(interval.lo95).toBeGreaterThan(5000 - 1.96 * Math.sqrt(5000) - 2);
    expect(interval.lo95).toBeLessThan(5000 - 1.96 * Math.sqrt(5000) + 2);
    expect(interval.hi95).toBeGreaterThan(5000 + 1.96 * Math.sqrt(5000) - 2);
  });
});
