import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { DailyPoint } from '../types.ts';
import { computeForecastAccuracy } from './compute-forecast-accuracy.ts';
import { forecastBaseline } from './forecast-baseline.ts';
import { forecastDailySeries } from './forecast-daily-series.ts';
import { seasonalNaiveScale } from './seasonal-naive-scale.ts';

export interface ProtocolOptions {
  firstOrigin: string;
  lastOrigin: string;
  /** Days between origins (default 7). */
  step?: number;
  /** Days forecast from each origin (default 28). */
  horizon?: number;
}

export interface ProtocolMetrics {
  mase: number;
  smape: number;
  wape: number;
  /** Share (percent) of horizon days inside the 80 % / 95 % interval; null for the baselines. */
  coverage80: number | null;
  coverage95: number | null;
}

export interface ProtocolResult {
  origins: number;
  horizon: number;
  model: ProtocolMetrics;
  seasonalNaive: ProtocolMetrics;
  weekdayMean: ProtocolMetrics;
  /** How often each model was chosen. */
  chosen: Record<string, number>;
}

/**
 * Rolling-origin evaluation (expanding window) of {@link forecastDailySeries} against both baselines.
 *
 * Definition (analytics.md §3): for each origin from `firstOrigin` to `lastOrigin` every `step`
 * days, forecast `horizon` calendar days from the history up to and including the origin; MASE
 * (scaled by the in-sample seasonal-naive error, m = 7), sMAPE and WAPE are averaged over origins;
 * coverage is the share of all horizon days inside the model's intervals (a closed day forecast as
 * [0, 0] counts as covered when nothing was sold).
 * Method: the forecaster receives only the history up to the origin, so nothing leaks from the
 * evaluation window.
 */
export function evaluateForecastProtocol(
  series: readonly DailyPoint[],
  options: ProtocolOptions,
): ProtocolResult {
  const step = options.step ?? 7;
  const horizon = options.horizon ?? 28;
  const byDay = new Map<number, number>();
  for (const p of series) byDay.set(toDayNumber(p.date), (byDay.get(toDayNumber(p.date)) ?? 0) + p.value);
  const first = [...byDay.keys()].reduce((min, d) => Math.min(min, d));
  const valueAt = (day: number) => byDay.get(day) ?? 0;
  const sums = {
    model: { mase: 0, smape: 0, wape: 0, in80: 0, in95: 0 },
    seasonalNaive: { mase: 0, smape: 0, wape: 0, in80: 0, in95: 0 },
    weekdayMean: { mase: 0, smape: 0, wape: 0, in80: 0, in95: 0 },
  };
  const chosen: Record<string, number> = {};
  let origins = 0;
  for (
    let origin = toDayNumber(options.firstOrigin);
    origin <= toDayNumber(options.lastOrigin);
    origin += step
  ) {
    const history: DailyPoint[] = [];
    for (let day = first; day <= origin; day += 1)
      history.push({ date: fromDayNumber(day), value: valueAt(day) });
    const upto = history.map((p) => p.value);
    const actual = Array.from({ length: horizon }, (_, h) => valueAt(origin + 1 + h));
    const scale = seasonalNaiveScale(upto);
    const forecast = forecastDailySeries(history, { horizon, asOf: fromDayNumber(origin) });
    chosen[forecast.model] = (chosen[forecast.model] ?? 0) + 1;
    const add = (key: keyof typeof sums, predicted: number[]) => {
      const a = computeForecastAccuracy(actual, predicted, scale);
      sums[key].mase += a.mase;
      sums[key].smape += a.smape;
      sums[key].wape += a.wape;
    };
    add(
      'model',
      forecast.points.map((p) => p.value),
    );
    add('seasonalNaive', forecastBaseline(upto, horizon, 'seasonal-naive'));
    add('weekdayMean', forecastBaseline(upto, horizon, 'weekday-mean'));
    forecast.points.forEach((p, h) => {
      const y = actual[h]!;
      if (y >= p.lo80 && y <= p.hi80) sums.model.in80 += 1;
      if (y >= p.lo95 && y <= p.hi95) sums.model.in95 += 1;
    });
    origins += 1;
  }
  const metrics = (key: keyof typeof sums, withCoverage: boolean): ProtocolMetrics => ({
    mase: sums[key].mase / origins,
    smape: sums[key].smape / origins,
    wape: sums[key].wape / origins,
    coverage80: withCoverage ? (100 * sums[key].in80) / (origins * horizon) : null,
    coverage95: withCoverage ? (100 * sums[key].in95) / (origins * horizon) : null,
  });
  return {
    origins,
    horizon,
    model: metrics('model', true),
    seasonalNaive: metrics('seasonalNaive', false),
    weekdayMean: metrics('weekdayMean', false),
    chosen,
  };
}
