/**
 * The `causal` preset's geo test (issue #41 item 5, decision 136): over a six-week window some
 * shipping regions get a known lift in orders (25 %: the small store's test regions take about
 * nine orders a day, too few for a 10 % lift to show against a synthetic control), the rest are
 * the controls. The demo's shoppers have one region per country, so a region is a shipping country. After every other order is drawn, a
 * stream of its own (`geo-lift`) adds to each test region on each window day Poisson(lift × that
 * region's revenue orders of the day) guest orders shipped there: a guest's country is the first
 * draw of its order's seed (build-order.ts), so the stream draws seeds until one ships to the region.
 */
import { dayToIso, localToUtcMs } from '../calendar.ts';
import { COUNTRIES } from '../catalog.ts';
import type { OrderEvent } from '../event-columns.ts';
import type { DemoOrder } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import type { GeoLiftTruth } from '../truth-model.ts';
import { drawSecondOfDay } from './build-customers.ts';
import { drawGuestCountry } from './build-order.ts';
import { type Ctx, SHOP_TZ } from './context.ts';
import { orderNetSalesMinor } from './plan-causal-ads.ts';

const LIFT = 0.25;
const TEST_REGIONS = ['CA', 'GB', 'DE'] as const;
/** The window: 42 days ending three weeks before the store's last day (a post-period to look at). */
const WINDOW_DAYS = 42;
const DAYS_AFTER = 21;

export class GeoLiftPlanter {
  private readonly start: number;
  private readonly end: number;
  /** Revenue orders per test region and window day: `[region * WINDOW_DAYS + day - start]`. */
  private readonly baseline = new Int32Array(TEST_REGIONS.length * WINDOW_DAYS);
  private planting = false;
  private planted = 0;
  private plantedNetSales = 0;

  constructor(private readonly ctx: Pick<Ctx, 'days' | 'startDay' | 'calendar'>) {
    this.end = ctx.days - 1 - DAYS_AFTER;
    this.start = this.end - WINDOW_DAYS + 1;
  }

  /** Every revenue order (not test, not cancelled) of the store, before and while planting. */
  addOrder(order: DemoOrder, dayIndex: number): void {
    const region = TEST_REGIONS.indexOf(order.shippingAddress?.countryCode as (typeof TEST_REGIONS)[number]);
    if (region < 0 || dayIndex < this.start || dayIndex > this.end) return;
    if (this.planting) {
      this.planted += 1;
      this.plantedNetSales += orderNetSalesMinor(order);
    } else this.baseline[region * WINDOW_DAYS + dayIndex - this.start]! += 1;
  }

  /** Draws the lift's orders; `record` builds and counts each (and hands revenue orders back to addOrder). */
  plant(seed: number, record: (ev: OrderEvent) => unknown): void {
    const rng = new Rng(mixSeeds(seed, hashString('geo-lift')));
    this.planting = true;
    for (let d = this.start; d <= this.end; d += 1) {
      if (this.ctx.calendar.closed[d]) continue;
      TEST_REGIONS.forEach((code, r) => {
        const country = COUNTRIES.findIndex((c) => c.code === code);
        const count = rng.poisson(LIFT * this.baseline[r * WINDOW_DAYS + d - this.start]!);
        for (let k = 0; k < count; k += 1) {
          let orderSeed = rng.nextU32();
          while (drawGuestCountry(new Rng(orderSeed)) !== country) orderSeed = rng.nextU32();
          record({
            kind: 1,
            customerIndex: -1,
            createdAtMs: localToUtcMs(SHOP_TZ, this.ctx.startDay + d, drawSecondOfDay(rng)),
            dayIndex: d,
            seed: orderSeed,
            ordinal: 0,
          });
        }
      });
    }
    this.planting = false;
  }

  finish(): GeoLiftTruth {
    const baselineOrders = this.baseline.reduce((s, x) => s + x, 0);
    return {
      testRegions: [...TEST_REGIONS],
      controlRegions: COUNTRIES.map((c) => c.code).filter(
        (code) => !(TEST_REGIONS as readonly string[]).includes(code),
      ),
      start: dayToIso(this.ctx.startDay + this.start),
      end: dayToIso(this.ctx.startDay + this.end),
      lift: LIFT,
      baselineOrders,
      plantedOrders: this.planted,
      plantedNetSalesMinor: this.plantedNetSales,
      realisedLift: baselineOrders > 0 ? Math.round((this.planted / baselineOrders) * 10_000) / 10_000 : 0,
      note: 'Regions are shipping countries. Over the window (inclusive shop days), each test region’s revenue orders of a day gain Poisson(lift × that day’s revenue orders) guest orders shipped there (their own PRNG stream, decision 136); the control regions get none. realisedLift = plantedOrders / baselineOrders (revenue orders; a planted order whose items were all sold out or that was cancelled does not count).',
    };
  }
}
