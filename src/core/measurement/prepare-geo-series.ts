import { toDayNumber } from '../dates/to-day-number.ts';
import type { RegionalOrder } from './geo-types.ts';
import { regionalDailySeries } from './regional-daily-series.ts';
import { selectControlRegions } from './select-control-regions.ts';

/** Test and control series of a geo test, or why there are none. */
export type GeoSeries =
  | {
      status: 'ready';
      preDays: number;
      windowDays: number;
      controlRegions: string[];
      revenue: { treated: number[]; controls: number[][] };
      orders: { treated: number[]; controls: number[][] };
    }
  | { status: 'too_thin'; reasons: string[] };

/**
 * The daily series a geo test is designed or read on: test regions summed, each control region
 * alone, from `preStart` up to the end of the test window, or the reasons they cannot be built.
 *
 * Definition: pre-period = [preStart (default: the first order's day), start), window = [start, end]; too thin when the window is
 * under 7 days, the pre-period under max(28 days, 3 × window), a test region has no orders in the
 * pre-period, or fewer than 2 control regions qualify (selectControlRegions when none are given).
 * Reference: Vaver & Koehler (2011), "Measuring Ad Effectiveness Using Geo Experiments", §2–3.
 */
export function prepareGeoSeries(
  orders: readonly RegionalOrder[],
  testRegions: readonly string[],
  controlRegions: readonly string[] | undefined,
  preStartGiven: string | undefined,
  start: string,
  end: string,
): GeoSeries {
  let preStart = preStartGiven ?? start;
  if (preStartGiven === undefined)
    for (const order of orders) if (order.date < preStart) preStart = order.date;
  const preDays = toDayNumber(start) - toDayNumber(preStart);
  const windowDays = toDayNumber(end) - toDayNumber(start) + 1;
  const reasons: string[] = [];
  if (windowDays < 7) reasons.push(`the test runs ${windowDays} days; it needs at least 7`);
  const neededPre = Math.max(28, 3 * windowDays);
  if (preDays < neededPre)
    reasons.push(`${Math.max(preDays, 0)} days of orders before the test; need at least ${neededPre}`);
  if (reasons.length > 0) return { status: 'too_thin', reasons };
  const series = regionalDailySeries(orders, preStart, end);
  const preOrders = (region: string) =>
    (series.orders.get(region) ?? []).slice(0, preDays).reduce((a, b) => a + b, 0);
  for (const region of testRegions) {
    if (preOrders(region) === 0) reasons.push(`test region '${region}' has no orders before the test`);
  }
  const controls = controlRegions
    ? controlRegions.filter((region) => !testRegions.includes(region))
    : selectControlRegions(series.orders, testRegions, preDays);
  for (const region of controls) {
    if (preOrders(region) === 0) reasons.push(`control region '${region}' has no orders before the test`);
  }
  if (controls.length < 2)
    reasons.push(`${controls.length} control regions with enough orders; need at least 2`);
  if (reasons.length > 0) return { status: 'too_thin', reasons };
  const sum = (source: Map<string, number[]>) =>
    series.dates.map((_, t) => testRegions.reduce((s, r) => s + (source.get(r)?.[t] ?? 0), 0));
  return {
    status: 'ready',
    preDays,
    windowDays,
    controlRegions: controls,
    revenue: { treated: sum(series.revenue), controls: controls.map((r) => series.revenue.get(r)!) },
    orders: { treated: sum(series.orders), controls: controls.map((r) => series.orders.get(r)!) },
  };
}
