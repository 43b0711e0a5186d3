import { describe, expect, it } from 'vitest';
import { createRandom } from './create-random.ts';
import { designGeoLift } from './design-geo-lift.ts';
import { estimateSyntheticLift } from './estimate-synthetic-lift.ts';
import { liftToRoasPrior } from './lift-to-roas-prior.ts';
import { placeboLifts } from './placebo-lifts.ts';
import { prepareGeoSeries } from './prepare-geo-series.ts';
import { projectOntoSimplex } from './project-onto-simplex.ts';
import { readOutGeoLift } from './read-out-geo-lift.ts';
import { regionalDailySeries } from './regional-daily-series.ts';
import { selectControlRegions } from './select-control-regions.ts';
import { type GeoLiftSimulation, simulateGeoLift } from './simulate-geo-lift.ts';
import { syntheticControlWeights } from './synthetic-control-weights.ts';

const SPEC: GeoLiftSimulation = {
  start: '2025-01-01',
  preDays: 112,
  testDays: 28,
  regions: 30,
  testRegions: 8,
  ordersPerDay: 30,
  averageOrderValue: 60,
  lift: 0.1,
  regionalNoise: 0.03,
};

describe('synthetic control building blocks', () => {
  it('projects onto the simplex and finds exact weights when the treated series is a mixture', () => {
    // (Σ − 1)/3 = 1/3 is taken off each coordinate
    expect(projectOntoSimplex([0.5, 0.5, 1])).toEqual(
      [1 / 6, 1 / 6, 2 / 3].map((v) => expect.closeTo(v, 12)),
    );
    expect(projectOntoSimplex([3, 0])).toEqual([1, 0]);
    const a = [1, 4, 2, 8, 5, 7];
    const b = [3, 1, 6, 2, 2, 9];
    const c = [5, 5, 1, 1, 7, 3];
    const treated = a.map((v, t) => 0.6 * v + 0.4 * b[t]!);
    const w = syntheticControlWeights(treated, [a, b, c], [0, 1, 2, 3, 4, 5]);
    expect(w[0]).toBeCloseTo(0.6, 4);
    expect(w[1]).toBeCloseTo(0.4, 4);
    expect(w[2]).toBeCloseTo(0, 4);
  });

  it('the ridge keeps a donor that follows the treated series and spreads weight over noisy ones', () => {
    const random = createRandom(5);
    const days = Array.from({ length: 140 }, (_, t) => t);
    // Donor 0 carries a path of its own (a slow swing) that the treated series shares; the
    // other 9 are flat with the same day-to-day noise.
    const swing = days.map((t) => 1 + 0.3 * Math.sin((2 * Math.PI * t) / 60));
    const noisy = (base: readonly number[]) => base.map((v) => 100 * v * (1 + 0.05 * random.normal()));
    const controls = [noisy(swing), ...Array.from({ length: 9 }, () => noisy(days.map(() => 1)))];
    const treated = noisy(swing);
    const fit = days.slice(0, 112);
    const window = days.slice(112);
    const follows = estimateSyntheticLift(treated, controls, fit, window, 1);
    expect(follows.weights[0]).toBeGreaterThan(0.5);
    // The pooled control alone would miss the swing by about 9 % in the window; the ridge costs a
    // little of it (weights 0.62/0.04 here, not 1/0) but stays within the window's noise.
    expect(Math.abs(follows.lift)).toBeLessThan(0.03);
    // A flat treated series: no donor is better than the rest, the weights stay near the pooled 1/10.
    const flat = estimateSyntheticLift(noisy(days.map(() => 1)), controls.slice(1), fit, window, 1);
    expect(Math.max(...flat.weights)).toBeLessThan(0.2);
  });

  it('daily series per region count every day, zero when nothing shipped', () => {
    const s = regionalDailySeries(
      [
        { date: '2025-01-01', region: 'A', total: 10 },
        { date: '2025-01-03', region: 'A', total: 5 },
        { date: '2025-01-03', region: 'B', total: 2 },
        { date: '2025-02-01', region: 'B', total: 99 },
      ],
      '2025-01-01',
      '2025-01-03',
    );
    expect(s.dates).toEqual(['2025-01-01', '2025-01-02', '2025-01-03']);
    expect(s.revenue.get('A')).toEqual([10, 0, 5]);
    expect(s.orders.get('B')).toEqual([0, 0, 1]);
  });

  it('every other region with an order a week is a control, however many there are (decision 203)', () => {
    // 33 regions over 14 days: T1 under test, 30 regions with 1–3 orders a day, S1 with one
    // order (under one a week), Z1 with none.
    const orders = new Map<string, number[]>([['T1', new Array<number>(14).fill(5)]]);
    for (let r = 1; r <= 30; r += 1) orders.set(`R${r}`, new Array<number>(14).fill(1 + (r % 3)));
    orders.set('S1', [1, ...new Array<number>(13).fill(0)]);
    orders.set('Z1', new Array<number>(14).fill(0));
    const controls = selectControlRegions(orders, ['T1'], 14);
    expect(controls).toHaveLength(30);
    expect(new Set(controls)).toEqual(new Set(Array.from({ length: 30 }, (_, r) => `R${r + 1}`)));
  });
});

describe('geo lift read-out and design on simulated regions with a known lift', () => {
  const planted = simulateGeoLift(SPEC, 11);
  const readout = readOutGeoLift({ ...planted, margin: 0.4, spend: 10_000 });
  const noEffect = simulateGeoLift({ ...SPEC, lift: 0 }, 12);
  const nullReadout = readOutGeoLift(noEffect);

  it('recovers a planted 10 % lift inside its interval, with a small p-value', () => {
    expect(readout.status).toBe('read');
    if (readout.status !== 'read') return;
    expect(readout.liftLow).toBeLessThanOrEqual(0.1);
    expect(readout.liftHigh).toBeGreaterThanOrEqual(0.1);
    expect(Math.abs(readout.lift - 0.1)).toBeLessThan(0.04);
    expect(readout.pValue).toBeLessThan(0.05);
    expect(readout.incrementalRevenue).toBeCloseTo(readout.actualRevenue - readout.counterfactualRevenue, 6);
    expect(readout.incrementalOrders).toBeGreaterThan(0);
    expect(readout.incrementalContribution!.mean).toBeCloseTo(readout.incrementalRevenue * 0.4, 6);
    expect(readout.roas!.mean).toBeCloseTo(readout.incrementalRevenue / 10_000, 9);
    expect(readout.weights.reduce((s, w) => s + w.weight, 0)).toBeCloseTo(1, 4);
    expect(readout.weights.every((w) => !planted.testRegions.includes(w.region))).toBe(true);
    const prior = liftToRoasPrior(readout, 10_000);
    expect(prior.roas).toBeCloseTo(readout.incrementalRevenue / 10_000, 9);
    expect(prior.roasSd).toBeGreaterThan(0);
  });

  it('reads lift in orders; the interval is the lifts the permutation test does not reject', () => {
    if (readout.status !== 'read') throw new Error('not read');
    const share = readout.lift / (1 + readout.lift);
    expect(readout.incrementalRevenue).toBeCloseTo(readout.actualRevenue * share, 6);
    const series = prepareGeoSeries(
      planted.orders,
      planted.testRegions,
      undefined,
      undefined,
      planted.start,
      planted.end,
    );
    if (series.status !== 'ready') throw new Error('not ready');
    const windowOrders = series.orders.treated.slice(series.preDays).reduce((a, b) => a + b, 0);
    expect(readout.incrementalOrders).toBeCloseTo(windowOrders * share, 6);
    const pValue = (lift: number) => {
      const lifts = placeboLifts(
        series.orders.treated,
        series.orders.controls,
        series.preDays,
        series.windowDays,
        planted.testRegions.length,
        lift,
      );
      const observed = Math.abs(lifts[series.preDays]!) * (1 - 1e-9);
      return lifts.filter((l) => Math.abs(l) >= observed).length / lifts.length;
    };
    expect(pValue(readout.liftLow)).toBeGreaterThan(0.1);
    expect(pValue(readout.liftHigh)).toBeGreaterThan(0.1);
    expect(pValue(readout.liftLow - 0.002)).toBeLessThanOrEqual(0.1);
    expect(pValue(readout.liftHigh + 0.002)).toBeLessThanOrEqual(0.1);
    expect(readout.pValue).toBeCloseTo(pValue(0), 12);
  });

  it('finds nothing where nothing was planted', () => {
    if (nullReadout.status !== 'read') throw new Error('not read');
    expect(nullReadout.liftLow).toBeLessThanOrEqual(0);
    expect(nullReadout.liftHigh).toBeGreaterThanOrEqual(0);
    expect(nullReadout.pValue).toBeGreaterThan(0.1);
  });

  it('designs a test: control regions from the other regions, a minimum detectable lift that shrinks with duration', () => {
    const short = designGeoLift({
      orders: noEffect.orders,
      testRegions: noEffect.testRegions,
      asOf: noEffect.end,
      durationDays: 7,
      budget: 5000,
    });
    const long = designGeoLift({
      orders: noEffect.orders,
      testRegions: noEffect.testRegions,
      asOf: noEffect.end,
      durationDays: 28,
      budget: 5000,
    });
    if (short.status !== 'designed' || long.status !== 'designed') throw new Error('not designed');
    expect(long.minimumDetectableLift).toBeGreaterThan(0);
    expect(long.minimumDetectableLift).toBeLessThan(short.minimumDetectableLift);
    expect(long.roasNeededToDetect).toBeCloseTo(long.minimumDetectableRevenue / 5000, 9);
    expect(long.controlRegions.every((c) => !noEffect.testRegions.includes(c.region))).toBe(true);
  });

  it('says too thin: a short pre-period, a one-day test, unknown regions, too few controls', () => {
    expect(readOutGeoLift({ ...planted, preStart: '2025-04-01' })).toMatchObject({
      status: 'too_thin',
      reasons: [expect.stringMatching(/days of orders before the test/)],
    });
    expect(readOutGeoLift({ ...planted, end: planted.start })).toMatchObject({
      status: 'too_thin',
      reasons: [expect.stringMatching(/runs 1 days/)],
    });
    expect(readOutGeoLift({ ...planted, testRegions: ['Atlantis'] })).toMatchObject({
      status: 'too_thin',
      reasons: [expect.stringMatching(/'Atlantis' has no orders/)],
    });
    expect(readOutGeoLift({ ...planted, controlRegions: ['R20'] })).toMatchObject({
      status: 'too_thin',
      reasons: [expect.stringMatching(/1 control regions/)],
    });
  });
});
