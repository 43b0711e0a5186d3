import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { createRandom } from './create-random.ts';
import type { RegionalOrder } from './geo-types.ts';

export interface GeoLiftSimulation {
  start: string;
  preDays: number;
  testDays: number;
  regions: number;
  testRegions: number;
  /** Mean orders per region per day (regions differ in size by up to 4×). */
  ordersPerDay: number;
  averageOrderValue: number;
  /** True relative lift of orders in the test regions during the test (0.1 = +10 %). */
  lift: number;
  /** Sd of each region's own AR(1) demand noise (log scale). */
  regionalNoise: number;
}

/**
 * Orders by shipping region with a known geo lift: a shared demand path (weekly cycle, slow
 * random walk) scaled per region, Poisson orders with gamma-distributed values, and the test
 * regions' order rate multiplied by (1 + lift) during the test.
 *
 * Definition: rate_r,d = size_r·ordersPerDay·(1 + 0.15·sin(2πd/7))·exp(w_d + v_r,d), w a common
 * random walk (sd 0.02/day), v_r a regional AR(1) (ρ = 0.7, sd `regionalNoise`); orders ~ Poisson(rate·(1 +
 * lift·[test region, test day])), values ~ AOV·Gamma(4)/4.
 * Reference: Vaver & Koehler (2011) §5 (simulated geo experiments: regions share a trend, differ
 * in size, noise per geo); Knuth's Poisson sampler (TAOCP vol. 2 §3.4.1) for small rates, a normal
 * approximation above 50.
 */
export function simulateGeoLift(
  simulation: GeoLiftSimulation,
  seed: number,
): { orders: RegionalOrder[]; testRegions: string[]; start: string; end: string; trueRevenueLift: number } {
  const random = createRandom(seed);
  const first = toDayNumber(simulation.start);
  const days = simulation.preDays + simulation.testDays;
  const names = Array.from({ length: simulation.regions }, (_, r) => `R${String(r + 1).padStart(2, '0')}`);
  const sizes = names.map(() => 0.5 + 1.5 * random.uniform());
  const testRegions = names.slice(0, simulation.testRegions);
  const poisson = (rate: number) => {
    if (rate > 50) return Math.max(0, Math.round(rate + Math.sqrt(rate) * random.normal()));
    const limit = Math.exp(-rate);
    let k = 0;
    for (let p = random.uniform(); p > limit; p *= random.uniform()) k += 1;
    return k;
  };
  const orders: RegionalOrder[] = [];
  let walk = 0;
  const local = names.map(() => 0);
  for (let d = 0; d < days; d += 1) {
    walk += 0.02 * random.normal();
    const date = fromDayNumber(first + d);
    const inTest = d >= simulation.preDays;
    names.forEach((region, r) => {
      local[r] = 0.7 * local[r]! + simulation.regionalNoise * Math.sqrt(1 - 0.49) * random.normal();
      const uplift = inTest && r < simulation.testRegions ? 1 + simulation.lift : 1;
      const rate =
        sizes[r]! *
        simulation.ordersPerDay *
        (1 + 0.15 * Math.sin((2 * Math.PI * d) / 7)) *
        Math.exp(walk + local[r]!) *
        uplift;
      const count = poisson(rate);
      for (let i = 0; i < count; i += 1)
        orders.push({
          date,
          region,
          total: Math.round(simulation.averageOrderValue * (random.gamma(4) / 4) * 100) / 100,
        });
    });
  }
  return {
    orders,
    testRegions,
    start: fromDayNumber(first + simulation.preDays),
    end: fromDayNumber(first + days - 1),
    trueRevenueLift: simulation.lift,
  };
}
