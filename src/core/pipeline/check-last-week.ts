import { addDays } from '../../shared/calendar.ts';
import { type DailyForecast, forecastDailySeries } from '../forecast/forecast-daily-series.ts';
import type { ForecastCheck } from '../opportunities/detect-revenue-anomaly.ts';
import type { DailyPoint } from '../types.ts';

/**
 * The revenue-anomaly check: the forecast made 7 days before asOf (from the history up to then)
 * against the last 7 days' actual revenue. Summing daily bounds gives a conservative (wide)
 * weekly interval, so an anomaly flagged below it is real.
 */
export function checkLastWeek(history: readonly DailyPoint[], asOf: string): ForecastCheck {
  const cut = addDays(asOf, -7);
  const earlier = history.filter((p) => p.date <= cut);
  const forecast = forecastDailySeries(earlier, { horizon: 7, asOf: cut });
  const actual = history.filter((p) => p.date > cut).reduce((s, p) => s + p.value, 0);
  const sum = (pick: (p: DailyForecast['points'][number]) => number) =>
    forecast.points.reduce((s, p) => s + pick(p), 0);
  return {
    windowStart: addDays(cut, 1),
    windowEnd: asOf,
    actual,
    expected: sum((p) => p.value),
    lower80: sum((p) => p.lo80),
    lower95: sum((p) => p.lo95),
    upper95: sum((p) => p.hi95),
  };
}
