// The geo bench's information limit: what count noise alone allows (decision 203).

import type { simulateGeoLift } from '../../src/core/measurement/simulate-geo-lift.ts';
import { normalCdf } from '../../src/core/stats/normal-cdf.ts';

/**
 * The chance that an estimate of a geo test's relative lift falls within ±`tolerance` of `lift`
 * when its only error is the Poisson noise of the four order counts: the test regions' and the
 * other regions' orders before and during the test. The log of the ratio of ratios then has
 * variance 1/N_test,window + 1/N_test,pre + 1/N_rest,window + 1/N_rest,pre (the 2 × 2 table of
 * Poisson counts; collapsing the days loses nothing when regions differ only in scale), and the
 * lift's sd is (1 + lift) times its sd. Every other region counts as a donor, so this is the
 * best case (decision 203; decision 124 put the bound in words).
 */
export function countNoiseWithin(
  sim: Pick<ReturnType<typeof simulateGeoLift>, 'orders' | 'testRegions' | 'start'>,
  lift: number,
  tolerance: number,
) {
  const counts = { testPre: 0, testWindow: 0, restPre: 0, restWindow: 0 };
  const tested = new Set(sim.testRegions);
  for (const order of sim.orders) {
    const inWindow = order.date >= sim.start;
    if (tested.has(order.region)) counts[inWindow ? 'testWindow' : 'testPre'] += 1;
    else counts[inWindow ? 'restWindow' : 'restPre'] += 1;
  }
  const variance = Object.values(counts).reduce((s, n) => s + 1 / Math.max(n, 1), 0);
  return 2 * normalCdf(tolerance / ((1 + lift) * Math.sqrt(variance))) - 1;
}
