import { describe, expect, it } from 'vitest';
import { findKpiAnomaly } from '../../core/alerts/find-kpi-anomaly.ts';
import { weekdayBaselineInterval } from '../../core/alerts/weekday-baseline-interval.ts';
import { weekdayCountInterval } from '../../core/alerts/weekday-count-interval.ts';
import { addDays } from '../../shared/calendar.ts';
import { adPlatformTruth } from '../ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from '../ad-platforms/plan-ad-platforms.ts';
import { generateStore } from '../generate-store.ts';
import type { DemoStore } from '../model.ts';
import { ProfitTruthBuilder } from '../profit/truth.ts';
import { plantOrderDrop } from './plant-order-drop.ts';

/** Valid (not test, not cancelled) orders per shop day. */
function salesByDay(store: DemoStore): Map<string, number> {
  const sales = new Map<string, number>();
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    if (order.test || order.cancelledAtMs !== null) continue;
    sales.set(order.day, (sales.get(order.day) ?? 0) + 1);
  }
  return sales;
}

const sameWeekdays = (sales: Map<string, number>, day: string) =>
  Array.from({ length: 8 }, (_, k) => sales.get(addDays(day, -7 * (k + 1))) ?? 0);
const usualOf = (sales: Map<string, number>, day: string) =>
  sameWeekdays(sales, day).reduce((a, b) => a + b, 0) / 8;

// The demo's end date is yesterday, whatever weekday that is: the drop must hold, and the orders
// alert's rule must flag it, on 7 consecutive end dates — an ordinary week that holds Black Friday
// (demand × 2.6: halving it left more orders than a usual Friday) and Thanksgiving (closed, so the
// drop moves to the day before).
describe('plantOrderDrop and the orders alert', () => {
  it.each([
    ['2026-11-24', '2026-11-24'],
    ['2026-11-25', '2026-11-25'],
    ['2026-11-26', '2026-11-25'],
    ['2026-11-27', '2026-11-27'],
    ['2026-11-28', '2026-11-28'],
    ['2026-11-29', '2026-11-29'],
    ['2026-11-30', '2026-11-30'],
  ])(
    'leaves half the usual orders when the demo ends on %s, and the orders rule flags it',
    (endDate, dropDay) => {
      const store = generateStore({ preset: 'small', seed: 42, endDate });
      const before = salesByDay(store);
      const after = salesByDay(plantOrderDrop(store, endDate));
      const usual = usualOf(before, dropDay);
      expect(usual).toBeGreaterThan(4);
      expect(after.get(dropDay)).toBe(Math.min(before.get(dropDay)!, Math.floor(usual / 2)));
      // Every other day is untouched.
      for (const [day, count] of before) if (day !== dropDay) expect(after.get(day), day).toBe(count);
      // The alert judges the drop day against the same weekday of the 8 weeks before.
      const history = sameWeekdays(after, dropDay);
      expect(findKpiAnomaly(after.get(dropDay)!, weekdayCountInterval(history))).toMatchObject({
        direction: 'below',
      });
      // …and the untouched day is not flagged low.
      expect(findKpiAnomaly(before.get(dropDay)!, weekdayCountInterval(history))?.direction).not.toBe(
        'below',
      );
    },
  );
});

/** Contribution margin per shop day (major units) of `store`, by the generator's own accounting. */
function contributionByDay(generated: DemoStore, store: DemoStore): Map<string, number> {
  const builder = new ProfitTruthBuilder(
    generated.profit,
    generated.config.startDate,
    generated.groundTruth.profit.days.length,
  );
  for (let i = 0; i < store.orders.count; i += 1) builder.addOrder(store.getOrder(i));
  const adAccounts = adPlatformTruth(demoAdPlatformPlan(generated.config), generated.shop.currencyCode);
  const truth = builder.finish(
    generated.meta.daily,
    Object.values(adAccounts).map((account) => account.dailyShopSpendMinor),
  );
  return new Map(truth.days.map((day) => [day.date, day.contributionMargin / 100]));
}

// test/notifications/anomaly-rules.test.ts flags the drop day's contribution margin end to end on
// seed 42; the day used to sit within $25 of the rule's lower bound, so planting the product pairs
// (decision 123) moved it inside. Kept to its smallest orders, the day is now clearly below.
describe('plantOrderDrop and the contribution-margin alert', () => {
  it('leaves the drop day more than $50 below the lower bound of its weekday baseline', () => {
    const day = '2026-10-31';
    const store = generateStore({ preset: 'small', seed: 42, endDate: day });
    const margin = contributionByDay(store, plantOrderDrop(store, day));
    const interval = weekdayBaselineInterval(
      Array.from({ length: 8 }, (_, k) => margin.get(addDays(day, -7 * (k + 1)))!),
      Number.NEGATIVE_INFINITY,
    );
    expect(interval!.lo95 - margin.get(day)!).toBeGreaterThan(50);
  }, 120_000);
});
