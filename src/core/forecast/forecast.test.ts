import { describe, expect, it } from 'vitest';
import { fromDayNumber } from '../dates/from-day-number.ts';
import { holidayRuleDay } from '../dates/holiday-rule-day.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { computeForecastAccuracy } from './compute-forecast-accuracy.ts';
import { detectClosedDays } from './detect-closed-days.ts';
import { forecastBaseline } from './forecast-baseline.ts';
import { forecastDailySeries } from './forecast-daily-series.ts';
import { isClosedDay } from './is-closed-day.ts';
import { seasonalNaiveScale } from './seasonal-naive-scale.ts';

/** Weeks starting Monday 2024-01-01: Mon–Fri `weekday`, Sat 0 (closed), Sun `sunday`. */
function weeklySeries(weeks: number, weekday = 100, sunday = 50, start = '2024-01-01') {
  const first = toDayNumber(start);
  return Array.from({ length: weeks * 7 }, (_, i) => ({
    date: fromDayNumber(first + i),
    value: i % 7 === 5 ? 0 : i % 7 === 6 ? sunday : weekday,
  }));
}

describe('detectClosedDays', () => {
  it('finds a closed weekday and a holiday on a trading weekday', () => {
    const values = weeklySeries(10).map((p) => p.value);
    values[9] = 0; // Wednesday 2024-01-10
    expect(detectClosedDays(values, '2024-01-01')).toEqual({
      closedWeekdays: [5],
      holidays: ['2024-01-10'],
      recurringHolidays: [],
      possibleHolidays: [],
    });
  });
  it('does not call quiet days of a sparse shop holidays', () => {
    const values = Array.from({ length: 28 }, (_, i) => (i % 3 === 0 ? 10 : 0));
    expect(detectClosedDays(values, '2024-01-01')).toEqual({
      closedWeekdays: [],
      holidays: [],
      recurringHolidays: [],
      possibleHolidays: [],
    });
  });
  it('calls a holiday recurring only when closed on it (by rule) every year, at least twice', () => {
    const series = weeklySeries(110, 100, 50, '2023-01-02');
    const at = (date: string) => toDayNumber(date) - toDayNumber('2023-01-02');
    for (const date of ['2023-11-23', '2024-11-28', '2024-03-29']) series[at(date)]!.value = 0;
    const closed = detectClosedDays(
      series.map((p) => p.value),
      '2023-01-02',
    );
    // Thanksgiving 2023 (23 Nov) and 2024 (28 Nov); Good Friday 2024 only (open on 7 Apr 2023).
    expect(closed.recurringHolidays).toEqual(['thanksgiving']);
    expect(closed.possibleHolidays).toEqual(['good-friday']);
  });
});

describe('holidayRuleDay', () => {
  it.each([
    ['thanksgiving', 2025, '2025-11-27'],
    ['thanksgiving', 2026, '2026-11-26'],
    ['easter-sunday', 2024, '2024-03-31'],
    ['good-friday', 2025, '2025-04-18'],
    ['easter-monday', 2026, '2026-04-06'],
    ['last-may-monday', 2026, '2026-05-25'],
    ['early-may-monday', 2026, '2026-05-04'],
    ['last-august-monday', 2011, '2011-08-29'],
    ['christmas-day', 2026, '2026-12-25'],
  ] as const)('%s %i → %s', (rule, year, date) =>
    expect(fromDayNumber(holidayRuleDay(rule, year))).toBe(date),
  );
});

describe('isClosedDay', () => {
  const closed = {
    closedWeekdays: [5],
    holidays: ['2023-12-25'],
    recurringHolidays: ['thanksgiving' as const],
    possibleHolidays: [],
  };
  it.each([
    ['2024-12-25', false], // same date a year after a one-off gap: not repeated by date
    ['2023-12-25', true], // the past gap itself
    ['2024-01-06', true], // a Saturday
    ['2024-11-28', true], // Thanksgiving 2024, aligned by rule
    ['2025-11-28', false], // 28 Nov 2025 is Black Friday, not Thanksgiving
  ])('%s → %s', (date, expected) => expect(isClosedDay(date, closed)).toBe(expected));
  it('honours closures the owner confirmed', () => {
    expect(isClosedDay('2024-12-27', closed, new Set(['2024-12-27']))).toBe(true);
  });
});

describe('forecastBaseline', () => {
  const values = Array.from({ length: 14 }, (_, i) => i + 1);
  it('seasonal naive repeats the last same weekday', () => {
    expect(forecastBaseline(values, 8, 'seasonal-naive')).toEqual([8, 9, 10, 11, 12, 13, 14, 8]);
  });
  it('weekday mean averages the last (up to) 4 same weekdays', () => {
    // h: mean of values[7 + h − 1] and values[h − 1] = (h + 7 + h)/2.
    expect(forecastBaseline(values, 3, 'weekday-mean')).toEqual([4.5, 5.5, 6.5]);
  });
  it('is 0 without history', () => expect(forecastBaseline([], 2, 'weekday-mean')).toEqual([0, 0]));
});

describe('computeForecastAccuracy and seasonalNaiveScale', () => {
  it('computes MASE, sMAPE (0/0 = 0) and WAPE by hand', () => {
    // MAE = (5 + 0 + 10)/3 = 5; sMAPE = (200·5/15 + 0 + 200·10/50)/3; WAPE = 15/30.
    const a = computeForecastAccuracy([10, 0, 20], [5, 0, 30], 5);
    expect(a.mase).toBeCloseTo(1, 12);
    expect(a.smape).toBeCloseTo((200 / 3 + 40) / 3, 12);
    expect(a.wape).toBeCloseTo(50, 12);
  });
  it('never returns NaN', () => {
    expect(computeForecastAccuracy([0, 0], [0, 0], 0)).toEqual({ mase: 0, smape: 0, wape: 0 });
  });
  it.each([
    [[1, 2, 3, 4, 5, 6, 7, 8], 7],
    [[1, 2, 3], 0],
    [[5, 5, 5, 5, 5, 5, 5, 6, 4], 1],
  ])('scale of %j is %d', (values, expected) => expect(seasonalNaiveScale(values)).toBe(expected));
});

describe('forecastDailySeries', () => {
  it('forecasts a perfectly weekly store exactly, with Saturdays closed and zero-width intervals', () => {
    const forecast = forecastDailySeries(weeklySeries(12), { horizon: 14 });
    expect(forecast.asOf).toBe('2024-03-24');
    expect(forecast.closedDays.closedWeekdays).toEqual([5]);
    for (const point of forecast.points) {
      const weekday = (toDayNumber(point.date) - toDayNumber('2024-01-01')) % 7;
      const expected = weekday === 5 ? 0 : weekday === 6 ? 50 : 100;
      expect(point.closed).toBe(weekday === 5);
      for (const key of ['value', 'lo80', 'hi80', 'lo95', 'hi95'] as const)
        expect(point[key]).toBeCloseTo(expected, 6);
    }
    expect(forecast.accuracy.model!.mase).toBeCloseTo(0, 6);
  });

  it('keeps a store closed every Sunday closed on Sundays', () => {
    const history = weeklySeries(20, 100, 0);
    const forecast = forecastDailySeries(history, { horizon: 28 });
    expect(forecast.closedDays.closedWeekdays).toEqual([5, 6]);
    for (const point of forecast.points) {
      const weekday = (toDayNumber(point.date) - toDayNumber('2024-01-01')) % 7;
      expect(point.closed).toBe(weekday >= 5);
    }
  });

  it('does not close a date this year because of a one-off closure on it last year', () => {
    // From Mon 2024-01-01 (Saturdays closed); closed on Wed 2024-11-27 (the day before
    // Thanksgiving, on no holiday rule) and on Thanksgiving 2024 (28 Nov), once each.
    const history = weeklySeries(100);
    const at = (date: string) => toDayNumber(date) - toDayNumber('2024-01-01');
    history[at('2024-11-27')]!.value = 0;
    history[at('2024-11-28')]!.value = 0;
    const forecast = forecastDailySeries(history.slice(0, at('2025-11-20') + 1), { horizon: 14 });
    const point = (date: string) => forecast.points.find((p) => p.date === date)!;
    expect(point('2025-11-27').closed).toBe(false); // Thanksgiving 2025; the same date as 2024-11-27
    expect(point('2025-11-27').value).toBeGreaterThan(0);
    expect(point('2025-11-28').closed).toBe(false); // same date as Thanksgiving 2024 (Black Friday now)
    // Thanksgiving, closed once, is suggested on its rule-aligned day rather than assumed.
    expect(forecast.suggestedClosures).toEqual([{ date: '2025-11-27', holiday: 'thanksgiving' }]);
    expect(forecast.points.filter((p) => p.closed).every((p) => toDayNumber(p.date) % 7 === 2)).toBe(true);
  });

  it('closes a holiday closed every year on its rule-aligned day, and closures the owner confirmed', () => {
    const history = weeklySeries(152, 100, 50, '2023-01-02');
    const at = (date: string) => toDayNumber(date) - toDayNumber('2023-01-02');
    history[at('2023-11-23')]!.value = 0;
    history[at('2024-11-28')]!.value = 0;
    const forecast = forecastDailySeries(history.slice(0, at('2025-11-20') + 1), {
      horizon: 14,
      confirmedClosures: ['2025-12-01'],
    });
    const closed = forecast.points.filter((p) => p.closed).map((p) => p.date);
    const thanksgiving = fromDayNumber(holidayRuleDay('thanksgiving', 2025));
    expect(closed).toEqual(['2025-11-22', thanksgiving, '2025-11-29', '2025-12-01']);
    expect(forecast.suggestedClosures).toEqual([]);
  });

  it('learns yearly seasonality once more than a year of history exists', () => {
    // Level 1000 · (1 + 0.6 sin(2πt/364)), Saturdays closed, ±5 % deterministic wiggle; 730 days.
    const first = toDayNumber('2022-01-03');
    const series = Array.from({ length: 758 }, (_, i) => ({
      date: fromDayNumber(first + i),
      value:
        i % 7 === 5
          ? 0
          : 1000 * (1 + 0.6 * Math.sin((2 * Math.PI * i) / 364)) * (1 + 0.05 * Math.sin(i * 12.9898)),
    }));
    const forecast = forecastDailySeries(series.slice(0, 730), { horizon: 28 });
    expect(forecast.model).toMatch(/year/);
    const error = forecast.points.reduce((sum, p, i) => sum + Math.abs(p.value - series[730 + i]!.value), 0);
    const total = series.slice(730).reduce((sum, p) => sum + p.value, 0);
    expect(error / total).toBeLessThan(0.05);
    // Without the yearly candidates (one year of history) the same window is forecast far worse.
    const short = forecastDailySeries(series.slice(730 - 400, 730), { horizon: 28 });
    const shortError = short.points.reduce(
      (sum, p, i) => sum + Math.abs(p.value - series[730 + i]!.value),
      0,
    );
    expect(shortError).toBeGreaterThan(2 * error);
  });

  it('uses only history up to asOf', () => {
    const history = weeklySeries(12);
    const cut = forecastDailySeries(history.slice(0, 70), { horizon: 7 });
    const withFuture = forecastDailySeries(
      history.map((p, i) => (i >= 70 ? { ...p, value: 1e9 } : p)),
      {
        horizon: 7,
        asOf: history[69]!.date,
      },
    );
    expect(withFuture.points).toEqual(cut.points);
  });

  it('gives ordered, finite intervals on noisy data', () => {
    let seed = 7;
    const noise = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const history = weeklySeries(30).map((p) => ({
      ...p,
      value: p.value === 0 ? 0 : p.value * (0.5 + noise()),
    }));
    const forecast = forecastDailySeries(history, { horizon: 28 });
    for (const p of forecast.points) {
      expect(p.lo95).toBeLessThanOrEqual(p.lo80);
      expect(p.lo80).toBeLessThanOrEqual(p.value);
      expect(p.value).toBeLessThanOrEqual(p.hi80);
      expect(p.hi80).toBeLessThanOrEqual(p.hi95);
    }
    expect(forecast.accuracy.origins).toBeGreaterThan(0);
    expect(forecast.accuracy.seasonalNaive).not.toBeNull();
  });

  it('keeps intervals sensible for a sparse shop (a sale every few days)', () => {
    const first = toDayNumber('2024-01-01');
    const history = Array.from({ length: 120 }, (_, i) => ({
      date: fromDayNumber(first + i),
      value: i % 5 === 0 ? 50 : 0,
    }));
    const forecast = forecastDailySeries(history, { horizon: 14 });
    for (const p of forecast.points) {
      expect(p.hi95).toBeLessThan(10 * 50);
      expect(p.lo95).toBeGreaterThanOrEqual(0);
    }
  });

  it.each([
    ['no history', []],
    ['all zero', [{ date: '2024-01-01', value: 0 }]],
    ['one day', [{ date: '2024-01-01', value: 42 }]],
  ])('never yields NaN with %s', (_, history) => {
    const forecast = forecastDailySeries(history, { horizon: 3, asOf: '2024-01-01' });
    expect(forecast.points).toHaveLength(3);
    for (const p of forecast.points)
      for (const v of [p.value, p.lo80, p.hi80, p.lo95, p.hi95]) expect(Number.isFinite(v)).toBe(true);
  });

  it('rejects a bad horizon', () =>
    expect(() => forecastDailySeries([], { horizon: 0 })).toThrow(RangeError));
});
