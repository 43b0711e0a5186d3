import type { InsightEvidence, RevenueCheckDay } from '@shared/contracts/insights.ts';
import { formatMoney } from '@web/lib/money.ts';

/** One evidence value in its unit: money exact in the shop currency, percents with one decimal. */
export function formatEvidence(evidence: InsightEvidence, currency: string): string {
  // An amount is a wire decimal string (decision 171).
  if (evidence.unit === 'currency') return formatMoney(evidence.value, currency);
  const { value, unit } = evidence;
  if (typeof value === 'string') return value;
  if (unit === 'percent') return `${value.toFixed(1)} %`;
  if (unit === 'days') return `${value} day${value === 1 ? '' : 's'}`;
  if (unit === 'count') return value.toLocaleString('en-US');
  return String(value);
}

/** Relative change of the period's revenue against the previous period (null from zero): a ratio, not money. */
export function revenueChange(revenue: { current: string; previous: string }): number | null {
  const current = Number(revenue.current);
  const previous = Number(revenue.previous);
  return previous > 0 ? (100 * (current - previous)) / previous : null;
}

export interface AnomalyChartPoint {
  date: string;
  actual: number;
  expected: number;
  band: [number, number];
  /** Set only on days outside the 95 % band, so the chart marks them. */
  outside: number | null;
}

/**
 * Chart rows: the band as a [low, high] range and the anomalous days as their own series. The wire's
 * exact amounts become plot positions here (a chart needs numbers); labels still come from them.
 */
export function buildAnomalyChart(days: readonly RevenueCheckDay[]): AnomalyChartPoint[] {
  return days.map((d) => {
    const [actual, expected, lo95, hi95] = [d.actual, d.expected, d.lo95, d.hi95].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    return {
      date: d.date,
      actual,
      expected,
      band: [lo95, hi95],
      outside: actual < lo95 || actual > hi95 ? actual : null,
    };
  });
}
