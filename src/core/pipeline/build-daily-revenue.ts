import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { DailyPoint } from '../types.ts';
import { HISTORY_DAYS_FOR_FORECAST } from './thresholds.ts';
import type { AnalysisFacts } from './types.ts';

/**
 * Daily net revenue up to asOf — orders on their day, refunds subtracted on theirs — from the
 * first day with data (at most `HISTORY_DAYS_FOR_FORECAST` days back), every day present (0 when
 * nothing sold): the series the forecast is fitted on.
 */
export function buildDailyRevenue(facts: AnalysisFacts): DailyPoint[] {
  const asOfDay = toDayNumber(facts.asOf);
  const dailyRevenue = new Map<string, number>();
  for (const g of facts.orderDays) dailyRevenue.set(g.date, (dailyRevenue.get(g.date) ?? 0) + g.total);
  for (const r of facts.refunds) dailyRevenue.set(r.date, (dailyRevenue.get(r.date) ?? 0) - r.amount);
  const firstDay = Math.max(
    asOfDay - HISTORY_DAYS_FOR_FORECAST + 1,
    Math.min(...[...dailyRevenue.keys()].map(toDayNumber), asOfDay),
  );
  const history: DailyPoint[] = [];
  for (let d = firstDay; d <= asOfDay; d += 1) {
    const date = fromDayNumber(d);
    history.push({ date, value: dailyRevenue.get(date) ?? 0 });
  }
  return history;
}
