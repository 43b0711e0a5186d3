import { fromDayNumber } from '../dates/from-day-number.ts';
import { type HolidayRule, holidayRuleDay } from '../dates/holiday-rule-day.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { weekdayOfDayNumber } from '../dates/weekday-of-day-number.ts';
import { quantileType7 } from '../stats/quantile-type7.ts';
import type { DailyPoint } from '../types.ts';
import { computeForecastAccuracy, type ForecastAccuracy } from './compute-forecast-accuracy.ts';
import { type ClosedDays, detectClosedDays } from './detect-closed-days.ts';
import {
  type ExponentialSmoothingSpec,
  fitExponentialSmoothing,
  type OpenDayObservation,
} from './fit-exponential-smoothing.ts';
import { forecastBaseline } from './forecast-baseline.ts';
import { isClosedDay } from './is-closed-day.ts';
import { seasonalNaiveScale } from './seasonal-naive-scale.ts';

export interface ForecastPoint {
  date: string;
  value: number;
  lo80: number;
  hi80: number;
  lo95: number;
  hi95: number;
  /** Forecast as closed: value and interval exactly 0. */
  closed: boolean;
}

export interface DailyForecast {
  /** Chosen model, e.g. 'ets(damped,multiplicative)', 'weekday-mean' or 'ensemble'. */
  model: string;
  asOf: string;
  horizon: number;
  points: ForecastPoint[];
  closedDays: ClosedDays;
  /**
   * Forecast days that fall on a holiday the store closed for once before (aligned by rule): still
   * forecast open, for the owner to confirm as a closure.
   */
  suggestedClosures: { date: string; holiday: HolidayRule }[];
  /** Rolling-origin backtest on the history (calendar days, closed days included), averaged over origins. */
  accuracy: {
    origins: number;
    horizon: number;
    model: ForecastAccuracy | null;
    seasonalNaive: ForecastAccuracy | null;
    weekdayMean: ForecastAccuracy | null;
  };
}

export interface ForecastOptions {
  /** Days to forecast after asOf. */
  horizon: number;
  /** Last day of history (default: the last date in `history`); later points are ignored. */
  asOf?: string;
  /** Dates the owner confirmed the store is closed (YYYY-MM-DD), past or future. */
  confirmedClosures?: readonly string[];
}

type Candidate = {
  name: string;
  /** Forecasts for open days `days` (with `weekdays`) from the open observations up to `origin`. */
  predict: (
    obs: readonly OpenDayObservation[],
    weekdays: number[],
    days: number[],
    origin: number,
  ) => number[];
};

const ETS_SPECS: ExponentialSmoothingSpec[] = [
  { trend: 'none', seasonal: 'additive' },
  { trend: 'damped', seasonal: 'additive' },
  { trend: 'none', seasonal: 'multiplicative' },
  { trend: 'damped', seasonal: 'multiplicative' },
];
const MAX_ORIGINS = 16;
const MIN_TRAINING_OPEN_DAYS = 28;
/** The ensemble wins unless another candidate's backtest error is more than 5 % lower. */
const ENSEMBLE_MARGIN = 1.05;
/** Calendar days of history (a year and 8 weeks) before the yearly-seasonality candidate is tried. */
const YEARLY_MIN_HISTORY = 364 + 56;

/**
 * Daily revenue forecast with 80 % and 95 % intervals that knows when the store is closed.
 *
 * Definition: closed weekdays, past holiday gaps and holidays closed every year are learnt from
 * history ({@link detectClosedDays}); with the owner's confirmed closures they are forecast as
 * exactly 0 with zero-width intervals ({@link isClosedDay}). A past gap is never repeated by
 * calendar date; a holiday closed only once becomes a suggested closure on its rule-aligned day. Open days are modelled on the open-day
 * index: four exponential-smoothing variants ({@link fitExponentialSmoothing}), the two baselines
 * (last same weekday; mean of the last 4 same weekdays) and their ensemble (mean of the ETS
 * variants and the weekday mean); with more than a year of history also the ensemble scaled by
 * last year's level around the target date relative to last year's level at the origin (yearly
 * seasonality, weekday-aligned 364 days back, factor clamped to [0.5, 2]) and 'last-year×growth' (the
 * same weekdays a year earlier times the growth of the last 4 weeks over the same weeks a year
 * earlier). The model with the lowest absolute error in a rolling-origin
 * backtest on the history (origins 7 days apart, the last one `min(horizon, 28)` days before asOf)
 * is chosen, except that the ensemble is kept unless a candidate beats it by more than 5 %. Intervals are calibrated empirically: the backtest errors of the chosen model, each
 * divided by max(forecast, recent level) (the mean of the last 28 open days), give type-7 quantiles
 * that are scaled back the same way — relative errors for normal days, level-scaled errors where the
 * forecast is tiny (sparse shops), so a near-zero forecast never yields an absurd band. Empirical
 * intervals reach nominal coverage better than Gaussian ones on skewed, outlier-prone revenue.
 * Reference: Hyndman & Athanasopoulos, "Forecasting: Principles and Practice" (3rd ed.), §5.5
 * (bootstrapped/empirical intervals), §8 (ETS); analytics.md §3 for the protocol and metrics.
 * Method: everything after asOf is ignored, so the function never peeks at the future. The
 * reported accuracy (MASE, sMAPE, WAPE) is for the chosen model and both baselines on that
 * backtest, calendar days included. With too little history the weekday mean is used and the
 * intervals come from the spread of each weekday's history.
 *
 * @throws RangeError when horizon is not a whole number ≥ 1.
 */
export function forecastDailySeries(history: readonly DailyPoint[], options: ForecastOptions): DailyForecast {
  const { horizon } = options;
  if (!Number.isInteger(horizon) || horizon < 1)
    throw new RangeError(`horizon must be a whole number ≥ 1, got ${horizon}`);
  const byDay = new Map<number, number>();
  for (const point of history) {
    const day = toDayNumber(point.date);
    if (Number.isFinite(point.value)) byDay.set(day, (byDay.get(day) ?? 0) + point.value);
  }
  const days = [...byDay.keys()];
  const end = options.asOf ? toDayNumber(options.asOf) : days.reduce((max, d) => Math.max(max, d), 0);
  const first = days.length > 0 ? days.reduce((min, d) => Math.min(min, d)) : end;
  const asOf = fromDayNumber(end);
  const values: number[] = [];
  for (let day = first; day <= end; day += 1) values.push(Math.max(0, byDay.get(day) ?? 0));

  const closedDays = detectClosedDays(values, fromDayNumber(first));
  const confirmed = new Set(options.confirmedClosures ?? []);
  const closedAt = (day: number) => isClosedDay(fromDayNumber(day), closedDays, confirmed);
  const openHistory: { day: number; obs: OpenDayObservation }[] = [];
  values.forEach((value, i) => {
    const day = first + i;
    if (!closedAt(day)) openHistory.push({ day, obs: { value, weekday: weekdayOfDayNumber(day) } });
  });
  const futureDays = Array.from({ length: horizon }, (_, h) => end + 1 + h);
  const suggestedClosures = suggestClosures(futureDays, closedDays.possibleHolidays, closedAt);

  const noAccuracy = { origins: 0, horizon: 0, model: null, seasonalNaive: null, weekdayMean: null };
  if (!values.some((v) => v > 0)) {
    return {
      model: 'zero (no sales in history)',
      asOf,
      horizon,
      closedDays,
      suggestedClosures,
      accuracy: noAccuracy,
      points: futureDays.map((day) => zeroPoint(day, closedAt(day))),
    };
  }

  const candidates: Candidate[] = [
    { name: 'weekday-mean', predict: (obs, weekdays) => weekdayMeanForecast(obs, weekdays) },
    { name: 'seasonal-naive', predict: (obs, weekdays) => lastSameWeekdayForecast(obs, weekdays) },
  ];
  const openObs = openHistory.map((o) => o.obs);
  const enoughForModels = openObs.length >= MIN_TRAINING_OPEN_DAYS + 14;
  if (enoughForModels) {
    const fitted = ETS_SPECS.map((spec) => fitExponentialSmoothing(openObs, spec));
    for (const model of fitted) {
      candidates.push({
        name: `ets(${model.spec.trend},${model.spec.seasonal})`,
        predict: (obs, weekdays) => model.forecast(obs, weekdays),
      });
    }
    // Memoised per origin: the yearly candidates build on the ensemble for the same window.
    const ensembleCache = new Map<string, number[]>();
    candidates.push({
      name: 'ensemble',
      predict: (obs, weekdays, days, origin) => {
        const key = `${origin}|${days.length}|${obs.length}`;
        const cached = ensembleCache.get(key);
        if (cached) return cached;
        const parts = [...fitted.map((m) => m.forecast(obs, weekdays)), weekdayMeanForecast(obs, weekdays)];
        const result = weekdays.map((_, i) => parts.reduce((s, p) => s + p[i]!, 0) / parts.length);
        ensembleCache.set(key, result);
        return result;
      },
    });
    if (values.length >= YEARLY_MIN_HISTORY) {
      // Yearly seasonality once a full year (plus a margin) is known: last year's level around
      // the target date relative to last year's level just before the origin, weekday-aligned
      // (364 days back), from open days only.
      const openValue = (day: number) => {
        const i = day - first;
        return i >= 0 && i < values.length && !closedAt(day) && values[i]! > 0 ? values[i]! : null;
      };
      const meanOpen = (from: number, to: number) => {
        let sum = 0;
        let count = 0;
        for (let day = from; day <= to; day += 1) {
          const v = openValue(day);
          if (v !== null) {
            sum += v;
            count += 1;
          }
        }
        return count > 0 ? sum / count : null;
      };
      const ensemble = candidates[candidates.length - 1]!;
      candidates.push({
        name: 'ensemble+yearly',
        predict: (obs, weekdays, days, origin) => {
          const base = ensemble.predict(obs, weekdays, days, origin);
          const reference = meanOpen(origin - 364 - 6, origin - 364);
          return base.map((value, i) => {
            const around = meanOpen(days[i]! - 364 - 3, Math.min(days[i]! - 364 + 3, origin));
            if (reference === null || around === null) return value;
            return value * Math.min(2, Math.max(0.5, around / reference));
          });
        },
      });
      candidates.push({
        name: 'last-year×growth',
        predict: (obs, weekdays, days, origin) => {
          const fallback = ensemble.predict(obs, weekdays, days, origin);
          // Same weekdays a year earlier (d − 371, d − 364, d − 357 on or before the origin), scaled by
          // the growth of the last 4 weeks over the same 4 weeks a year earlier.
          const growth =
            (meanOpen(origin - 27, origin) ?? 0) / (meanOpen(origin - 364 - 27, origin - 364) ?? 0);
          return days.map((day, i) => {
            const sameWeekdays = [day - 371, day - 364, day - 357]
              .filter((d) => d <= origin)
              .map(openValue)
              .filter((v): v is number => v !== null);
            if (sameWeekdays.length === 0 || !Number.isFinite(growth)) return fallback[i]!;
            return (growth * sameWeekdays.reduce((sum, v) => sum + v, 0)) / sameWeekdays.length;
          });
        },
      });
    }
  }

  // Rolling-origin backtest inside the history.
  const backtestHorizon = Math.min(horizon, 28);
  const origins: number[] = [];
  for (let j = 0; j < MAX_ORIGINS; j += 1) {
    const origin = end - backtestHorizon - 7 * j;
    const training = openHistory.filter((o) => o.day <= origin).length;
    if (training < MIN_TRAINING_OPEN_DAYS) break;
    origins.push(origin);
  }
  const errors = new Map(candidates.map((c) => [c.name, { absolute: 0, count: 0, scaled: [] as number[] }]));
  const calendarForecasts = new Map<number, Map<string, number[]>>();
  for (const origin of origins) {
    const train = openHistory.filter((o) => o.day <= origin).map((o) => o.obs);
    const window = openHistory.filter((o) => o.day > origin && o.day <= origin + backtestHorizon);
    const weekdays = window.map((o) => o.obs.weekday);
    const level = recentLevel(train);
    const windowDays = window.map((o) => o.day);
    const perModel = new Map<string, number[]>();
    for (const candidate of candidates) {
      const predicted = candidate.predict(train, weekdays, windowDays, origin);
      const record = errors.get(candidate.name)!;
      window.forEach((o, i) => {
        record.absolute += Math.abs(o.obs.value - predicted[i]!);
        record.count += 1;
        const scale = Math.max(predicted[i]!, level);
        if (scale > 0) record.scaled.push((o.obs.value - predicted[i]!) / scale);
      });
      perModel.set(
        candidate.name,
        window.map((_, i) => predicted[i]!),
      );
    }
    calendarForecasts.set(origin, perModel);
  }
  let best = candidates[0]!;
  let bestError = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const record = errors.get(candidate.name)!;
    const score = record.count > 0 ? record.absolute / record.count : Number.POSITIVE_INFINITY;
    if (score < bestError) {
      best = candidate;
      bestError = score;
    }
  }
  // The ensemble is kept unless a single model is clearly better: averaging is the more robust
  // choice when the backtest cannot tell the candidates apart (Hyndman & Athanasopoulos §13.4).
  const ensemble = candidates.find((c) => c.name === 'ensemble');
  if (ensemble && best !== ensemble) {
    const record = errors.get('ensemble')!;
    if (record.count > 0 && record.absolute / record.count <= bestError * ENSEMBLE_MARGIN) best = ensemble;
  }

  // Interval errors: the chosen model's backtest, or each weekday's spread when that is too thin.
  const finalLevel = recentLevel(openObs);
  let scaledErrors = errors.get(best.name)!.scaled;
  if (scaledErrors.length < 30) {
    scaledErrors = openObs
      .map((o) => {
        const mean = weekdayMeanForecast(openObs, [o.weekday])[0]!;
        const scale = Math.max(mean, finalLevel);
        return scale > 0 ? (o.value - mean) / scale : Number.NaN;
      })
      .filter((r) => Number.isFinite(r));
  }
  const sorted = [...scaledErrors].sort((p, q) => p - q);
  const q = (p: number) => (sorted.length > 0 ? quantileType7(sorted, p) : 0);
  const bands = { lo95: q(0.025), lo80: q(0.1), hi80: q(0.9), hi95: q(0.975) };

  const openFuture = futureDays.filter((day) => !closedAt(day));
  const predictedOpen = best.predict(
    openObs,
    openFuture.map((day) => weekdayOfDayNumber(day)),
    openFuture,
    end,
  );
  const byFutureDay = new Map(openFuture.map((day, i) => [day, predictedOpen[i]!]));
  const points = futureDays.map((day): ForecastPoint => {
    const value = byFutureDay.get(day);
    if (value === undefined) return zeroPoint(day, true);
    const v = finite(value);
    const scale = Math.max(v, finalLevel);
    return {
      date: fromDayNumber(day),
      value: v,
      lo80: finite(Math.min(v, v + scale * bands.lo80)),
      hi80: finite(Math.max(v, v + scale * bands.hi80)),
      lo95: finite(Math.min(v, v + scale * bands.lo95)),
      hi95: finite(Math.max(v, v + scale * bands.hi95)),
      closed: false,
    };
  });

  return {
    model: best.name,
    asOf,
    horizon,
    closedDays,
    suggestedClosures,
    points,
    accuracy: reportAccuracy(
      values,
      first,
      origins,
      backtestHorizon,
      openHistory,
      calendarForecasts,
      best.name,
    ),
  };
}

/** The open forecast days that are the rule-aligned day of a holiday the store closed for once. */
function suggestClosures(
  futureDays: readonly number[],
  possible: readonly HolidayRule[],
  closedAt: (day: number) => boolean,
): DailyForecast['suggestedClosures'] {
  const out: DailyForecast['suggestedClosures'] = [];
  for (const day of futureDays) {
    if (closedAt(day)) continue;
    const date = fromDayNumber(day);
    const year = Number(date.slice(0, 4));
    const holiday = possible.find((rule) => holidayRuleDay(rule, year) === day);
    if (holiday) out.push({ date, holiday });
  }
  return out;
}

/** Mean of the last 28 open-day values: the scale for forecasts too small to scale errors by. */
function recentLevel(obs: readonly OpenDayObservation[]): number {
  const recent = obs.slice(-28);
  return recent.length > 0 ? recent.reduce((sum, o) => sum + o.value, 0) / recent.length : 0;
}

function zeroPoint(day: number, closed: boolean): ForecastPoint {
  return { date: fromDayNumber(day), value: 0, lo80: 0, hi80: 0, lo95: 0, hi95: 0, closed };
}

function finite(value: number): number {
  return Number.isFinite(value) ? Math.max(0, value) : 0;
}

/** Mean of the last 4 open values of each requested weekday (the overall mean when a weekday never traded). */
function weekdayMeanForecast(obs: readonly OpenDayObservation[], weekdays: readonly number[]): number[] {
  const lastFour = lastByWeekday(obs, 4);
  const overall = obs.length > 0 ? obs.reduce((s, o) => s + o.value, 0) / obs.length : 0;
  return weekdays.map((w) => {
    const values = lastFour[w]!;
    return values.length > 0 ? values.reduce((s, v) => s + v, 0) / values.length : overall;
  });
}

function lastSameWeekdayForecast(obs: readonly OpenDayObservation[], weekdays: readonly number[]): number[] {
  const last = lastByWeekday(obs, 1);
  const overall = obs.length > 0 ? obs[obs.length - 1]!.value : 0;
  return weekdays.map((w) => last[w]![0] ?? overall);
}

function lastByWeekday(obs: readonly OpenDayObservation[], count: number): number[][] {
  const out: number[][] = Array.from({ length: 7 }, () => []);
  for (let i = obs.length - 1; i >= 0; i -= 1) {
    const bucket = out[obs[i]!.weekday]!;
    if (bucket.length < count) bucket.push(obs[i]!.value);
  }
  return out;
}

function reportAccuracy(
  values: readonly number[],
  first: number,
  origins: readonly number[],
  horizon: number,
  openHistory: readonly { day: number; obs: OpenDayObservation }[],
  calendarForecasts: ReadonlyMap<number, ReadonlyMap<string, number[]>>,
  chosen: string,
): DailyForecast['accuracy'] {
  if (origins.length === 0)
    return { origins: 0, horizon, model: null, seasonalNaive: null, weekdayMean: null };
  const sums = { model: [0, 0, 0], seasonalNaive: [0, 0, 0], weekdayMean: [0, 0, 0] };
  const add = (key: keyof typeof sums, a: ForecastAccuracy) => {
    sums[key][0]! += a.mase;
    sums[key][1]! += a.smape;
    sums[key][2]! += a.wape;
  };
  for (const origin of origins) {
    const upto = values.slice(0, origin - first + 1);
    const actual = values.slice(origin - first + 1, origin - first + 1 + horizon);
    const scale = seasonalNaiveScale(upto);
    const openWindow = openHistory.filter((o) => o.day > origin && o.day <= origin + horizon);
    const predictedOpen = calendarForecasts.get(origin)!.get(chosen)!;
    const byDay = new Map(openWindow.map((o, i) => [o.day, predictedOpen[i]!]));
    const model = actual.map((_, h) => byDay.get(origin + 1 + h) ?? 0);
    add('model', computeForecastAccuracy(actual, model, scale));
    add(
      'seasonalNaive',
      computeForecastAccuracy(actual, forecastBaseline(upto, horizon, 'seasonal-naive'), scale),
    );
    add(
      'weekdayMean',
      computeForecastAccuracy(actual, forecastBaseline(upto, horizon, 'weekday-mean'), scale),
    );
  }
  const mean = (key: keyof typeof sums): ForecastAccuracy => ({
    mase: sums[key][0]! / origins.length,
    smape: sums[key][1]! / origins.length,
    wape: sums[key][2]! / origins.length,
  });
  return {
    origins: origins.length,
    horizon,
    model: mean('model'),
    seasonalNaive: mean('seasonalNaive'),
    weekdayMean: mean('weekdayMean'),
  };
}
