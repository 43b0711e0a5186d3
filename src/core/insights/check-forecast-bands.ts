import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { forecastDailySeries } from '../forecast/forecast-daily-series.ts';
import type { DailyPoint } from '../types.ts';
import type { BandDay } from './types.ts';

/** Training days the forecast needs before the period (8 weeks: weekday pattern and a backtest). */
export const MIN_TRAINING_DAYS = 56;
/** History used for the forecast (as the analysis run uses). */
const MAX_TRAINING_DAYS = 730;

/**
 * The last `periodDays` days (up to asOf) beside the forecast made the day before the period began.
 *
 * Definition: forecastDailySeries on the history up to asOf − periodDays, horizon periodDays; each
 * day of the period gets its actual revenue, the forecast and its 95 % interval. Days missing from
 * the history count as 0 revenue. Null when fewer than {@link MIN_TRAINING_DAYS} days precede the
 * period (no forecast to compare with).
 * Why a forecast made before the period: a model that saw the days cannot call them surprising.
 */
export function checkForecastBands(
  history: readonly DailyPoint[],
  asOf: string,
  periodDays: number,
): BandDay[] | null {
  const end = toDayNumber(asOf);
  const origin = end - periodDays;
  const byDay = new Map<number, number>();
  let first = Number.POSITIVE_INFINITY;
  for (const point of history) {
    const day = toDayNumber(point.date);
    if (day > end) continue;
    byDay.set(day, (byDay.get(day) ?? 0) + point.value);
    first = Math.min(first, day);
  }
  if (!(origin - first + 1 >= MIN_TRAINING_DAYS)) return null;
  const training: DailyPoint[] = [];
  for (let day = Math.max(first, origin - MAX_TRAINING_DAYS + 1); day <= origin; day += 1)
    training.push({ date: fromDayNumber(day), value: byDay.get(day) ?? 0 });
  const forecast = forecastDailySeries(training, { horizon: periodDays, asOf: fromDayNumber(origin) });
  return forecast.points.map((p) => ({
    date: p.date,
    actual: byDay.get(toDayNumber(p.date)) ?? 0,
    expected: p.value,
    lo95: p.lo95,
    hi95: p.hi95,
  }));
}
