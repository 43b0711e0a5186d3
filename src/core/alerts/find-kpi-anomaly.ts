/**
 * Whether a day's KPI value lies outside its expected 95 % interval.
 *
 * The interval comes from the forecast when the analysis made one for that day (revenue), and
 * otherwise from the same weekday of the previous `weeks` weeks: mean ± 1.96 × sample standard
 * deviation (a normal approximation, the weekday-mean baseline the forecast backtest also uses).
 * With fewer than 4 earlier same-weekday values the model is too thin to judge: no verdict.
 */
export interface KpiInterval {
  expected: number;
  lo95: number;
  hi95: number;
  source: 'forecast' | 'weekday baseline';
}

export interface KpiAnomaly {
  value: number;
  interval: KpiInterval;
  direction: 'below' | 'above';
}

/** The anomaly, or null when the value is inside the interval (or there is none). */
export function findKpiAnomaly(value: number, interval: KpiInterval | null): KpiAnomaly | null {
  if (!interval) return null;
  if (value < interval.lo95) return { value, interval, direction: 'below' };
  if (value > interval.hi95) return { value, interval, direction: 'above' };
  return null;
}
