import { toDayNumber } from '../dates/to-day-number.ts';
import { weekdayOfDayNumber } from '../dates/weekday-of-day-number.ts';
import { fourierSeasonality } from './fourier-seasonality.ts';
import type { MmmAdstock, MmmInput, MmmSaturation } from './types.ts';

/** The fixed part of a marketing-mix model: scaled target, baseline columns and raw spend. */
export interface MmmDesign {
  timeUnit: 'week' | 'day';
  /** Days per period: 7 or 1. */
  periodDays: number;
  /** Adstock window in periods (13 weeks, as in Jin et al.). */
  maxLag: number;
  adstock: MmmAdstock;
  /** The saturation family fitted (decision 234; 'hill' as laid out, fitMmm sets each it fits). */
  saturation: MmmSaturation;
  n: number;
  /** The target is divided by this (its mean absolute value), so priors read in "mean periods". */
  scale: number;
  y: number[];
  /** Baseline columns, each of length n: intercept, trend, yearly Fourier, weekday (daily), controls. */
  base: number[][];
  spend: number[][];
  /** Largest period spend per channel (> 0): the unit of the half-saturation share. */
  maxSpend: number[];
}

/**
 * Lays out a marketing-mix model's data: the target on a unit scale and the baseline regressors
 * every channel's effect is measured against.
 *
 * Definition: baseline(t) = intercept + trend·(t − t̄)/n + Σₖ yearly Fourier pairs (order k) +
 * weekday dummies (daily data; Monday is the reference) + standardised controls (holidays, events).
 * The target is divided by its mean absolute value.
 * Reference: Jin et al. (2017) §2 (baseline + media + controls); Robyn and pymc-marketing use the
 * same trend + Fourier seasonality + holiday controls around the media terms.
 *
 * @throws RangeError when dates are not evenly 7 or 1 day apart, or lengths disagree.
 */
export function buildMmmDesign(
  input: MmmInput,
  fourierOrder: number,
  adstock: MmmAdstock = 'geometric',
): MmmDesign {
  const n = input.dates.length;
  const days = input.dates.map((d) => toDayNumber(d));
  const periodDays = n > 1 ? days[1]! - days[0]! : 7;
  if (periodDays !== 7 && periodDays !== 1) throw new RangeError('dates must be 7 or 1 day apart');
  for (let t = 1; t < n; t += 1) {
    if (days[t]! - days[t - 1]! !== periodDays)
      throw new RangeError(`dates must be evenly spaced: ${input.dates[t - 1]} → ${input.dates[t]}`);
  }
  const lengths = [
    input.target,
    ...input.channels.map((c) => c.spend),
    ...(input.controls ?? []).map((c) => c.values),
  ];
  if (lengths.some((values) => values.length !== n))
    throw new RangeError('every column needs one value per date');
  const scale = input.target.reduce((s, v) => s + Math.abs(v), 0) / n || 1;
  const y = input.target.map((v) => v / scale);
  const base: number[][] = [new Array<number>(n).fill(1), days.map((_, t) => (t - (n - 1) / 2) / n)];
  base.push(...fourierSeasonality(days, fourierOrder));
  if (periodDays === 1) {
    for (let weekday = 1; weekday <= 6; weekday += 1)
      base.push(days.map((d) => (weekdayOfDayNumber(d) === weekday ? 1 : 0)));
  }
  for (const control of input.controls ?? []) {
    const mean = control.values.reduce((s, v) => s + v, 0) / n;
    const sd = Math.sqrt(control.values.reduce((s, v) => s + (v - mean) ** 2, 0) / n) || 1;
    base.push(control.values.map((v) => (v - mean) / sd));
  }
  const spend = input.channels.map((c) => [...c.spend]);
  return {
    timeUnit: periodDays === 7 ? 'week' : 'day',
    periodDays,
    maxLag: 91 / periodDays,
    adstock,
    saturation: 'hill',
    n,
    scale,
    y,
    base,
    spend,
    maxSpend: spend.map((s) => Math.max(...s)),
  };
}
