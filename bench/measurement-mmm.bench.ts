// Marketing-mix model, geo lift and their accuracy on data with known answers (issue 41).
// Parts (BENCH_PART=mmm|oracle|geo|daily|published|move|compare|demo, default all; BENCH_DATASETS
// overrides 100):
//   mmm       — 100 weekly datasets (3 channels, 3 years, true parameters drawn per dataset):
//               channels whose contribution share is within ±5 points; true ROAS inside the 90 %
//               interval (goal ≥ 85 / 100).
//   oracle    — the same datasets with the true curves given: the information limit (decision 129).
//   geo       — 100 simulated geo tests with a planted 10 % lift: estimate within ±2 points and
//               interval covering 10 % (goal ≥ 90 / 100), in the configuration and two
//               others (BENCH_GEO_CONFIGS=first runs only the first; BENCH_GEO_SEED_FROM moves the
//               simulator's first seed from 500, for held-out seeds, decision 203), beside the
//               count-noise limit: how many an estimator with only the counts' Poisson noise would
//               get within ±2 points (decision 203).
//   daily     — 3-year daily fits of 6 channels with the out-of-sample refit (goal < 60 s each),
//               over BENCH_DAILY_SEEDS datasets (default 5): shares and ROAS coverage.
//   published — pymc-marketing's "MMM Example Notebook" data (its documented generating process).
//   move      — the budget-move opportunity on 20 two-channel stores with known curves (decision 129).
//   compare   — Laplace (default) vs random-walk Metropolis on the same data (decision 096).
//   demo      — the causal demo preset's own planted parameters (decisions 136, 137), seeds 1 to
//               BENCH_SEEDS (default 30; BENCH_SEED_FROM moves the first): the weekly series the
//               Measurement endpoint fits, shares and ROAS coverage per channel, the oracle row
//               (the true curves given, decision 151) and the planted geo test's read-out.
//               BENCH_DEMO_WEEKS (fitted weeks, default 52), BENCH_DEMO_DAYS, BENCH_DEMO_CUSTOMERS size
//               the store; BENCH_DEMO_ORACLE_ONLY=1 runs only the oracle row (decision 200).
//   (BENCH_EFFECT=lognormal: a log-normal ROAS prior, decision 178; BENCH_EFFECT=hierarchical: a
//   prior shared by the channels' log ROAS, decision 184; in mmm, daily, published, move and demo.
//   BENCH_SATURATION=data fits Hill and logistic saturation pooled by evidence (decision 234, opt-in).
//   BENCH_DECAY=fixed fits Beta(3, 3) by name, BENCH_DECAY=estimated the data-chosen decay prior,
//   unset the model's default — the data's choice from 156 weeks, decision 214; the mmm, published,
//   move and daily parts and BENCH_DEMO_WEEKS=156 are that long. mmm-decay-prior.bench.ts prints the two side by side.)
//   demomove  — the causal preset's offered budget moves, seeds as `demo` (default 40), under the
//               app's fit and the decay-prior refit gate (decisions 163, 243): what each truly earns,
//               with and without the bound at each channel's largest week of spend (decision 248).

import { fromDayNumber } from '../src/core/dates/from-day-number.ts';
import { toDayNumber } from '../src/core/dates/to-day-number.ts';
import { buildMmmDesign } from '../src/core/measurement/build-mmm-design.ts';
import { createMmmPosterior } from '../src/core/measurement/create-mmm-posterior.ts';
import { createRandom } from '../src/core/measurement/create-random.ts';
import { drawMmmCoefficients } from '../src/core/measurement/draw-mmm-coefficients.ts';
import { fitMmm } from '../src/core/measurement/fit-mmm.ts';
import { hillSaturation } from '../src/core/measurement/hill-saturation.ts';
import { posteriorInterval } from '../src/core/measurement/posterior-interval.ts';
import { readOutGeoLift } from '../src/core/measurement/read-out-geo-lift.ts';
import { simulateGeoLift } from '../src/core/measurement/simulate-geo-lift.ts';
import { type MmmSimulation, simulateMmmData } from '../src/core/measurement/simulate-mmm-data.ts';
import type { MmmInput, MmmMethod, MmmResult } from '../src/core/measurement/types.ts';
import { weeklyStoreSimulation } from '../src/core/measurement/weekly-store-simulation.ts';
import { detectBudgetMoveOpportunity } from '../src/core/opportunities/detect-budget-move-opportunity.ts';
import { benchDecayPrior } from './support/bench-decay-prior.ts';
import { benchEffectPrior } from './support/bench-effect-prior.ts';
import { benchSaturation } from './support/bench-saturation.ts';
import { countNoiseWithin } from './support/geo-count-noise-limit.ts';
import { load } from './support/load-average.ts';
import { benchMmmOnCausalDemo } from './support/mmm-causal-demo.ts';
import { benchBudgetMoveOnCausalDemo } from './support/mmm-causal-move-screen.ts';

const part = process.env.BENCH_PART ?? 'all';
const datasets = Number(process.env.BENCH_DATASETS ?? 100);
// BENCH_METHOD=laplace|importance|metropolis overrides the model's default posterior method.
const benchMethod = process.env.BENCH_METHOD as MmmMethod | undefined;
const withMethod = {
  ...(benchMethod ? { method: benchMethod } : {}),
  ...benchDecayPrior(),
  ...benchEffectPrior(),
  ...benchSaturation(),
};
const runs = (name: string) => part === 'all' || part === name;
const pct = (n: number, d: number) => `${n}/${d} (${((100 * n) / d).toFixed(0)} %)`;

function score(result: MmmResult, truth: { share: number; roas: number }[]) {
  if (result.status !== 'fitted')
    return { share: 0, covered: 0, channels: truth.length, absError: [] as number[] };
  let share = 0;
  let covered = 0;
  const absError: number[] = [];
  result.channels.forEach((c, i) => {
    const error = Math.abs(c.contributionShare.mean - truth[i]!.share);
    absError.push(error);
    if (error <= 0.05) share += 1;
    if (c.roas.low <= truth[i]!.roas && truth[i]!.roas <= c.roas.high) covered += 1;
  });
  return { share, covered, channels: truth.length, absError };
}

/** The mmm part's k-th dataset: 3 channels, 156 weeks, true parameters drawn from `random`. */
function weeklyDataset(random: ReturnType<typeof createRandom>, k: number) {
  const u = (lo: number, hi: number) => lo + (hi - lo) * random.uniform();
  const sim: MmmSimulation = {
    start: '2022-01-03',
    periods: 156,
    periodDays: 7,
    baseline: 50_000,
    trend: u(-0.2, 0.2),
    seasonality: u(0, 0.2),
    noise: 0.03,
    channels: ['meta', 'google', 'tiktok'].map((name, i) => ({
      name,
      decayPerWeek: u(0.1, 0.7),
      halfSaturationShare: u(0.3, 0.7),
      shape: u(0.8, 2.5),
      maxEffect: u(5000, 15_000) / (i + 1),
      meanSpend: u(2000, 8000) / (i + 1),
      offShare: i === 2 ? 0.2 : 0,
    })),
  };
  return { sim, ...simulateMmmData(sim, 1000 + k) };
}

if (runs('mmm')) {
  const random = createRandom(2026);
  let share = 0;
  let covered = 0;
  let channels = 0;
  let thin = 0;
  const errors: number[] = [];
  const started = performance.now();
  for (let k = 0; k < datasets; k += 1) {
    const { input, truth } = weeklyDataset(random, k);
    // BENCH_FIT_SEED moves the sampler's seeds: the Monte Carlo noise band of a comparison (decision 162).
    const seed = k + 1 + 1000 * (Number(process.env.BENCH_FIT_SEED ?? 1) - 1);
    const result = fitMmm(input, { seed, draws: 200, holdoutPeriods: 0, ...withMethod });
    if (result.status !== 'fitted') thin += 1;
    const s = score(result, truth);
    share += s.share;
    covered += s.covered;
    channels += s.channels;
    errors.push(...s.absError);
  }
  const seconds = (performance.now() - started) / 1000;
  errors.sort((a, b) => a - b);
  console.log(`MMM on ${datasets} simulated weekly datasets (3 channels, 156 weeks, noise 3 % of baseline):`);
  console.log(
    `  contribution share within ±5 points: ${pct(share, channels)} channels; median |error| ${(100 * errors[Math.floor(errors.length / 2)]!).toFixed(1)} points, 90th pct ${(100 * errors[Math.floor(errors.length * 0.9)]!).toFixed(1)}`,
  );
  console.log(
    `  true ROAS inside the 90 % interval: ${pct(covered, channels)} channels (goal ≥ 85 %); too thin: ${thin}`,
  );
  console.log(
    `  ${seconds.toFixed(1)} s in all, ${((1000 * seconds) / datasets).toFixed(0)} ms per fit (200 draws); load ${load()}`,
  );
}

if (runs('oracle')) {
  // The information limit of the mmm part's data: the exact posterior of the coefficients given
  // the TRUE adstock and saturation of every channel (no estimator of the curves can do better).
  const random = createRandom(2026);
  let share = 0;
  let covered = 0;
  let channels = 0;
  for (let k = 0; k < datasets; k += 1) {
    const { sim, input, truth } = weeklyDataset(random, k);
    const design = buildMmmDesign(input, 3);
    const posterior = createMmmPosterior(design, design.n, [])(sim.channels)!;
    const draws = createRandom(k + 1);
    const nb = design.base.length;
    const samples = Array.from({ length: 200 }, () => drawMmmCoefficients(posterior, nb, draws).coefficients);
    const totals = samples.map((b) =>
      posterior.media.map((m, c) => b[nb + c]! * m.reduce((a, v) => a + v, 0) * design.scale),
    );
    truth.forEach((t, c) => {
      const shares = totals.map((tot) => tot[c]! / tot.reduce((a, v) => a + v, 0));
      const roas = posteriorInterval(totals.map((tot) => (tot[c]! / t.contribution) * t.roas));
      if (Math.abs(posteriorInterval(shares).mean - t.share) <= 0.05) share += 1;
      if (roas.low <= t.roas && t.roas <= roas.high) covered += 1;
      channels += 1;
    });
  }
  console.log(`Oracle (true adstock and saturation known) on the same ${datasets} weekly datasets:`);
  console.log(
    `  contribution share within ±5 points: ${pct(share, channels)}; true ROAS inside the 90 % interval: ${pct(covered, channels)}; load ${load()}`,
  );
}

const geoSeedFrom = Number(process.env.BENCH_GEO_SEED_FROM ?? 500);

if (runs('geo')) {
  // The configuration first, then others the method must not be tuned away from.
  const configurations = [
    { regions: 40, testRegions: 10, ordersPerDay: 40, preDays: 112, testDays: 28, regionalNoise: 0.02 },
    { regions: 20, testRegions: 5, ordersPerDay: 60, preDays: 112, testDays: 28, regionalNoise: 0.03 },
    { regions: 60, testRegions: 15, ordersPerDay: 40, preDays: 112, testDays: 14, regionalNoise: 0.02 },
  ];
  const chosen = process.env.BENCH_GEO_CONFIGS === 'first' ? configurations.slice(0, 1) : configurations;
  for (const configuration of chosen) {
    let within = 0;
    let covered = 0;
    let significant = 0;
    let limit = 0;
    const started = performance.now();
    for (let k = 0; k < datasets; k += 1) {
      const sim = simulateGeoLift(
        { start: '2025-01-01', averageOrderValue: 60, lift: 0.1, ...configuration },
        geoSeedFrom + k,
      );
      limit += countNoiseWithin(sim, 0.1, 0.02);
      const r = readOutGeoLift(sim);
      if (r.status !== 'read') continue;
      if (Math.abs(r.lift - 0.1) <= 0.02) within += 1;
      if (r.liftLow <= 0.1 && 0.1 <= r.liftHigh) covered += 1;
      if (r.pValue < 0.1) significant += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const c = configuration;
    console.log(
      `Geo lift on ${datasets} simulated tests (${c.regions} regions, ${c.testRegions} under test, ${c.ordersPerDay} orders/region/day, regional noise ${c.regionalNoise}, ${c.preDays} + ${c.testDays} days, planted +10 % orders):`,
    );
    console.log(
      `  estimate within ±2 points: ${pct(within, datasets)}; interval covers 10 %: ${pct(covered, datasets)} (goal ≥ 90 %); p < 0.1: ${pct(significant, datasets)}`,
    );
    console.log(
      `  count-noise limit (decision 203): an estimator with only the counts' Poisson noise would be within ±2 points in ${((100 * limit) / datasets).toFixed(1)} % (seeds ${geoSeedFrom}–${geoSeedFrom + datasets - 1})`,
    );
    console.log(
      `  ${seconds.toFixed(1)} s in all, ${((1000 * seconds) / datasets).toFixed(0)} ms per simulation + read-out; load ${load()}`,
    );
  }
}

if (runs('daily')) {
  // The same 6-channel process with several noise and spend draws (seed 77 first, the one decision
  // 096 reported), each with its out-of-sample refit; BENCH_DAILY_SEEDS sets how many (default 5).
  const names = ['meta', 'google', 'tiktok', 'pinterest', 'snapchat', 'bing'];
  const seeds = Number(process.env.BENCH_DAILY_SEEDS ?? 5);
  let share = 0;
  let covered = 0;
  let slowest = 0;
  for (let k = 0; k < seeds; k += 1) {
    const { input, truth } = simulateMmmData(
      {
        start: '2023-01-01',
        periods: 3 * 365,
        periodDays: 1,
        baseline: 8000,
        trend: 0.1,
        seasonality: 0.15,
        noise: 0.05,
        channels: names.map((name, i) => ({
          name,
          decayPerWeek: 0.2 + 0.1 * i,
          halfSaturationShare: 0.4 + 0.04 * i,
          shape: 1 + 0.25 * i,
          maxEffect: 3000 / (1 + 0.4 * i),
          meanSpend: 1200 / (1 + 0.3 * i),
          offShare: 0.05 * i,
        })),
      },
      77 + k,
    );
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = fitMmm(input, { seed: 1, ...withMethod });
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1000;
    slowest = Math.max(slowest, seconds);
    const s = score(result, truth);
    share += s.share;
    covered += s.covered;
    console.log(
      `3-year daily fit of 6 channels, dataset ${77 + k} (1095 days, 400 draws + the out-of-sample refit):`,
    );
    console.log(
      `  wall ${seconds.toFixed(1)} s, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s (goal < 60 s); load ${load()}`,
    );
    if (result.status === 'fitted')
      console.log(
        `  R² ${result.fit.r2.toFixed(3)}, MAPE ${(100 * result.fit.mape).toFixed(1)} %, coverage90 ${(100 * result.fit.coverage90).toFixed(0)} %, out-of-sample MAPE ${(100 * (result.fit.outOfSampleMape ?? 0)).toFixed(1)} %; shares within ±5 points ${s.share}/6, ROAS covered ${s.covered}/6`,
      );
  }
  console.log(
    `Daily fits over ${seeds} datasets: shares within ±5 points ${pct(share, 6 * seeds)}, true ROAS inside the 90 % interval ${pct(covered, 6 * seeds)}; slowest wall ${slowest.toFixed(1)} s; load ${load()}`,
  );
}

/** pymc-marketing's MMM example data: 2018-04-02 … 2021-08-30 weekly, x1 and x2 in [0, 1]. */
function pymcMarketingExample(seed: number) {
  const random = createRandom(seed);
  const first = toDayNumber('2018-04-02');
  const n = 179;
  const dates = Array.from({ length: n }, (_, t) => fromDayNumber(first + 7 * t));
  const x1 = dates.map(() => {
    const v = random.uniform();
    return v > 0.9 ? v : v / 2;
  });
  const x2 = dates.map(() => {
    const v = random.uniform();
    return v > 0.8 ? v : 0;
  });
  const adstock = (x: number[], alpha: number) =>
    x.map((_, t) => {
      let s = 0;
      for (let l = 0; l < 8 && l <= t; l += 1) s += alpha ** l * x[t - l]!;
      return s;
    });
  const logistic = (x: number[], lam: number) =>
    x.map((v) => (1 - Math.exp(-lam * v)) / (1 + Math.exp(-lam * v)));
  const c1 = logistic(adstock(x1, 0.4), 4).map((v) => 3 * v);
  const c2 = logistic(adstock(x2, 0.2), 3).map((v) => 2 * v);
  const target = dates.map((d, t) => {
    const dayOfYear = toDayNumber(d) - toDayNumber(`${d.slice(0, 4)}-01-01`) + 1;
    const seasonality =
      0.5 * (-Math.sin((2 * 2 * Math.PI * dayOfYear) / 365.5) + Math.cos((2 * Math.PI * dayOfYear) / 365.5));
    const trend = ((50 * t) / (n - 1) + 10) ** 0.25 - 1;
    const event = (d === '2019-05-13' ? -1 : 0) + (d === '2020-09-14' ? 1 : 0);
    return 2 + trend + seasonality + 1.5 * event + c1[t]! + c2[t]! + 0.25 * random.normal();
  });
  const input: MmmInput = {
    dates,
    target,
    channels: [
      { name: 'x1', spend: x1 },
      { name: 'x2', spend: x2 },
    ],
    controls: [
      { name: 'event_1', values: dates.map((d) => (d === '2019-05-13' ? 1 : 0)) },
      { name: 'event_2', values: dates.map((d) => (d === '2020-09-14' ? 1 : 0)) },
    ],
  };
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  const paid = sum(c1) + sum(c2);
  return {
    input,
    truth: [
      { share: sum(c1) / paid, roas: sum(c1) / sum(x1) },
      { share: sum(c2) / paid, roas: sum(c2) / sum(x2) },
    ],
  };
}

if (runs('published')) {
  let share = 0;
  let covered = 0;
  const seeds = Math.min(datasets, 20);
  // BENCH_PUBLISHED_SEED_FROM moves the noise draws from 42 (held-out draws, decision 234);
  // BENCH_FIT_SEED the sampler's seeds, as in the mmm part.
  const seedFrom = Number(process.env.BENCH_PUBLISHED_SEED_FROM ?? 42);
  const fitSeed = Number(process.env.BENCH_FIT_SEED ?? 1);
  // Per channel: misses below / above the truth, ROAS ÷ truth and interval width ÷ truth (bias vs width).
  const below = [0, 0];
  const above = [0, 0];
  const ratio: number[][] = [[], []];
  const width: number[][] = [[], []];
  const logistic: number[] = [];
  for (let k = 0; k < seeds; k += 1) {
    const { input, truth } = pymcMarketingExample(seedFrom + k);
    const result = fitMmm(input, {
      seed: k + 1 + 1000 * (fitSeed - 1),
      draws: 200,
      holdoutPeriods: 0,
      ...withMethod,
    });
    const s = score(result, truth);
    share += s.share;
    covered += s.covered;
    if (result.status !== 'fitted') continue;
    logistic.push(result.saturation.candidates.find((c) => c.family === 'logistic')?.probability ?? 0);
    result.channels.forEach((c, i) => {
      const t = truth[i]!.roas;
      if (c.roas.high < t) below[i]! += 1;
      if (c.roas.low > t) above[i]! += 1;
      ratio[i]!.push(c.roas.mean / t);
      width[i]!.push((c.roas.high - c.roas.low) / t);
    });
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
  console.log(
    `pymc-marketing "MMM Example Notebook" process (geometric adstock l_max 8 α 0.4/0.2, logistic saturation λ 4/3, β 3/2, two events, σ 0.25), ${seeds} noise draws from seed ${seedFrom}, sampler seed ${fitSeed}:`,
  );
  console.log(
    `  shares within ±5 points ${pct(share, 2 * seeds)}, true ROAS inside the 90 % interval ${pct(covered, 2 * seeds)}; load ${load()}`,
  );
  for (const [i, name] of ['x1', 'x2'].entries())
    console.log(
      `  ${name}: interval below / above the truth ${below[i]} / ${above[i]}; median ROAS ÷ truth ${median(ratio[i]!).toFixed(3)}, median interval width ÷ truth ${median(width[i]!).toFixed(3)}`,
    );
  console.log(
    `  p(logistic | y) (decision 234): median ${median(logistic).toFixed(3)}, > 0.5 in ${logistic.filter((p) => p > 0.5).length}/${logistic.length}`,
  );
}

if (runs('compare')) {
  const { input, truth } = simulateMmmData(
    {
      start: '2022-01-03',
      periods: 156,
      periodDays: 7,
      baseline: 50_000,
      trend: 0.1,
      seasonality: 0.1,
      noise: 0.03,
      channels: [
        {
          name: 'meta',
          decayPerWeek: 0.5,
          halfSaturationShare: 0.5,
          shape: 1.5,
          maxEffect: 12_000,
          meanSpend: 6000,
          offShare: 0,
        },
        {
          name: 'google',
          decayPerWeek: 0.3,
          halfSaturationShare: 0.4,
          shape: 1,
          maxEffect: 8000,
          meanSpend: 4000,
          offShare: 0.1,
        },
        {
          name: 'tiktok',
          decayPerWeek: 0.6,
          halfSaturationShare: 0.6,
          shape: 2,
          maxEffect: 4000,
          meanSpend: 2000,
          offShare: 0.2,
        },
      ],
    },
    31,
  );
  console.log(
    'Importance-weighted Laplace vs plain Laplace vs Metropolis on one 3-channel weekly dataset (true ROAS ' +
      truth.map((t) => t.roas.toFixed(2)).join(' / ') +
      '):',
  );
  for (const method of ['importance', 'laplace', 'metropolis'] as const) {
    const started = performance.now();
    const result = fitMmm(input, { seed: 3, draws: 400, holdoutPeriods: 0, method });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 'fitted') continue;
    console.log(
      `  ${method.padEnd(10)} ${seconds.toFixed(1)} s: ` +
        result.channels
          .map(
            (c) =>
              `${c.name} ROAS ${c.roas.mean.toFixed(2)} [${c.roas.low.toFixed(2)}, ${c.roas.high.toFixed(2)}] share ${(100 * c.contributionShare.mean).toFixed(1)} %`,
          )
          .join('; '),
    );
  }
  console.log(`  load ${load()}`);
}

if (runs('move')) {
  // One channel saturated at its spend, one far from it: the right move is search → social.
  const channel = (name: string, decay: number, half: number, shape: number, max: number, mean: number) => ({
    name,
    decayPerWeek: decay,
    halfSaturationShare: half,
    shape,
    maxEffect: max,
    meanSpend: mean,
    offShare: 0,
  });
  const sim = weeklyStoreSimulation([
    channel('search', 0.3, 0.15, 1, 9000, 4000),
    channel('social', 0.4, 0.9, 1.2, 30_000, 3000),
  ]);
  const stores = Math.min(datasets, 20);
  let offered = 0;
  let right = 0;
  let covered = 0;
  for (let seed = 100; seed < 100 + stores; seed += 1) {
    const { input } = simulateMmmData(sim, seed);
    const model = fitMmm(input, { seed: 2, draws: 300, holdoutPeriods: 0, ...withMethod });
    const context = { asOf: input.dates.at(-1)!, currency: 'USD', revenueLast30Days: 200_000 };
    const [found] = detectBudgetMoveOpportunity({ model, margin: 0.6 }, context);
    if (!found || model.status !== 'fitted') continue;
    offered += 1;
    const [from, to] = /from search to social/.test(found.title)
      ? ['search', 'social']
      : ['social', 'search'];
    if (from === 'search') right += 1;
    const amount = Number(found.evidence.facts[0]!.value);
    const gain = (name: string, delta: number) => {
      const c = sim.channels.find((x) => x.name === name)!;
      const k = c.halfSaturationShare * Math.max(...input.channels.find((x) => x.name === name)!.spend);
      const now = model.channels.find((x) => x.name === name)!.currentSpendPerPeriod;
      return c.maxEffect * (hillSaturation(now + delta, k, c.shape) - hillSaturation(now, k, c.shape));
    };
    const truth = (0.6 * (gain(to!, amount) + gain(from!, -amount)) * 30) / 7;
    if (found.profitImpact!.min <= truth && truth <= found.profitImpact!.max) covered += 1;
  }
  console.log(`Budget-move opportunity on ${stores} two-channel stores with known curves (margin 60 %):`);
  console.log(
    `  offered ${pct(offered, stores)}; search → social ${pct(right, offered)}; true 30-day gain inside the 90 % interval ${pct(covered, offered)}; load ${load()}`,
  );
}

if (runs('demo'))
  benchMmmOnCausalDemo(
    Number(process.env.BENCH_SEEDS ?? 30),
    benchMethod,
    Number(process.env.BENCH_SEED_FROM ?? 1),
  );

if (part === 'demomove')
  benchBudgetMoveOnCausalDemo(
    Number(process.env.BENCH_SEEDS ?? 40),
    Number(process.env.BENCH_SEED_FROM ?? 1),
  );
