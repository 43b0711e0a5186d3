import { assessMmmData, MIN_WEEKS } from './assess-mmm-data.ts';
import { buildMmmDesign } from './build-mmm-design.ts';
import { createRandom } from './create-random.ts';
import { defaultDecayPrior } from './default-decay-prior.ts';
import { describeDecayPrior } from './describe-decay-prior.ts';
import { describeSaturation } from './describe-saturation.ts';
import { DECAY_PRIOR_GRID } from './hyper-log-prior.ts';
import { poolByEvidence } from './pool-by-evidence.ts';
import { sampleMmmPosterior } from './sample-mmm-posterior.ts';
import { summariseMmmDraws } from './summarise-mmm-draws.ts';
import type { MmmInput, MmmOptions, MmmResult, MmmSaturation } from './types.ts';

const OUT_OF_SAMPLE_DRAWS = 100;

/**
 * A Bayesian marketing-mix model: how much of the target (revenue or contribution) each paid
 * channel's spend caused, its ROAS and marginal ROAS with 90 % credible intervals, and the model's
 * checks — or "too thin to say" with the reasons.
 *
 * Definition: y_t = baseline(t) + Σ_c β_c·sat(adstock_c(t)) + ε_t with sat Hill(·; K_c, S_c) or
 * pymc-marketing's logistic(·; λ_c) (see
 * createMmmPosterior and buildMmmDesign), β_c ≥ 0, priors of Jin et al. (2017); the posterior is
 * computed as in decisions 096 and 129 (adstock/saturation draws by importance re-weighting of a
 * widened Laplace approximation by the exact collapsed posterior, exact conjugate draws of the
 * linear part). The out-of-sample check refits on all but the last `holdoutPeriods` periods (8
 * weeks by default) and reports the MAPE of its posterior-mean prediction of them.
 * The decay prior is the caller's `decayPrior`, else defaultDecayPrior's for the history's length
 * (decision 214: the data's choice from 156 weeks, Beta(3, 3) below); `decayPrior` in the result
 * says which was used. With 'estimated' (decision 162) the shared decay prior's mean is a parameter
 * with a uniform prior on DECAY_PRIOR_GRID: the model is fitted under each grid prior, each fit's
 * marginal likelihood p(y | μ) is estimated from its importance weights, and the draws are pooled
 * in proportion to p(μ | y) ∝ p(y | μ) (a discrete hierarchical prior, computed on a grid as in
 * Gelman et al., "Bayesian Data Analysis", 3rd ed., §5.3; the out-of-sample refit uses the most
 * probable μ). It needs the 'importance' method, whose weights give the evidence.
 * The saturation family (decision 234) can be chosen the same way: with `saturation: 'data'` (what
 * the product's surfaces fit, PRODUCT_SATURATION; unset it is Hill, see decision 234 for why) the
 * model is fitted with Hill and with logistic saturation under each decay prior, and the draws of
 * every (family, decay prior) pair are pooled in proportion to its evidence under equal prior odds
 * (Bayesian model averaging, Hoeting et al. 1999); `saturation` in the result gives each family's
 * probability, the channels' reported curves are the most probable pair's mode, and the
 * out-of-sample refit uses that pair.
 * Reference: Jin, Wang, Sun, Chan & Koehler (2017), "Bayesian Methods for Media Mix Modeling with
 * Carryover and Shape Effects", Google Inc.; Chan & Perry (2017) for the checks; Meridian and
 * pymc-marketing documentation for the same model family.
 *
 * @throws RangeError on malformed input (uneven dates, negative or non-finite spend, a non-finite
 *   target) — naming the channel and date.
 */
export function fitMmm(input: MmmInput, options: MmmOptions = {}): MmmResult {
  for (const channel of input.channels) {
    channel.spend.forEach((v, t) => {
      if (!(Number.isFinite(v) && v >= 0))
        throw new RangeError(
          `spend on '${channel.name}' must be a non-negative number, got ${v} on ${input.dates[t]}`,
        );
    });
  }
  input.target.forEach((v, t) => {
    if (!Number.isFinite(v))
      throw new RangeError(`the target must be a number, got ${v} on ${input.dates[t]}`);
  });
  const design = buildMmmDesign(input, options.fourierOrder ?? 3, options.adstock);
  const reasons = assessMmmData(input, design.periodDays, design.base.length);
  if (reasons.length > 0) return { status: 'too_thin', reasons };
  const random = createRandom(options.seed ?? 1);
  const method = options.method ?? 'importance';
  const draws = options.draws ?? 400;
  const priors = input.channels.map((c) => input.roasPriors?.[c.name]);
  const names = input.channels.map((c) => c.name);
  const weeks = (design.n * design.periodDays) / 7;
  const setting = options.decayPrior ?? defaultDecayPrior(weeks, method);
  if (setting === 'estimated' && method !== 'importance')
    throw new RangeError(
      "decayPrior 'estimated' needs the 'importance' method (its weights give the evidence)",
    );
  const saturation = options.saturation ?? 'hill';
  if (saturation === 'data' && method !== 'importance')
    throw new RangeError("saturation 'data' needs the 'importance' method (its weights give the evidence)");
  const families: MmmSaturation[] = saturation === 'data' ? ['hill', 'logistic'] : [saturation];
  const grid = setting === 'estimated' ? DECAY_PRIOR_GRID : [setting];
  const pairs = families.flatMap((family) => grid.map((prior) => ({ family, prior })));
  const fits = pairs.map(({ family, prior }) =>
    sampleMmmPosterior(
      { ...design, saturation: family },
      design.n,
      priors,
      method,
      draws,
      random,
      prior,
      options.effectPrior,
    ),
  );
  const pooled = poolByEvidence(fits, draws);
  const { family: chosenFamily, prior: chosenPrior } = pairs[pooled.best]!;
  const probabilityOf = (keep: (pair: (typeof pairs)[number]) => boolean) =>
    pairs.reduce((sum, pair, k) => sum + (keep(pair) ? pooled.probabilities[k]! : 0), 0);
  const summary = summariseMmmDraws(
    design,
    input.dates,
    names,
    pooled.draws,
    fits[pooled.best]!.mode,
    random,
  );

  const holdout = options.holdoutPeriods ?? Math.round(56 / design.periodDays);
  const rows = design.n - holdout;
  let outOfSampleMape: number | null = null;
  if (holdout > 0 && (rows * design.periodDays) / 7 >= MIN_WEEKS) {
    const part = sampleMmmPosterior(
      { ...design, saturation: chosenFamily },
      rows,
      priors,
      'laplace',
      OUT_OF_SAMPLE_DRAWS,
      random,
      chosenPrior,
      options.effectPrior,
    );
    let sum = 0;
    let count = 0;
    for (let t = rows; t < design.n; t += 1) {
      const actual = design.y[t]!;
      if (actual === 0) continue;
      let predicted = 0;
      for (const draw of part.draws) {
        const beta = draw.coefficients;
        let mu = 0;
        for (let j = 0; j < design.base.length; j += 1) mu += design.base[j]![t]! * beta[j]!;
        draw.posterior.media.forEach((m, c) => {
          mu += beta[design.base.length + c]! * m[t]!;
        });
        predicted += mu / part.draws.length;
      }
      sum += Math.abs((actual - predicted) / actual);
      count += 1;
    }
    outOfSampleMape = count > 0 ? sum / count : null;
  }
  return {
    status: 'fitted',
    timeUnit: design.timeUnit,
    method,
    draws,
    channels: summary.channels,
    baseline: summary.baseline,
    fit: {
      r2: summary.r2,
      mape: summary.mape,
      coverage90: summary.coverage90,
      outOfSampleMape,
      holdoutPeriods: outOfSampleMape === null ? 0 : holdout,
    },
    decayPrior: describeDecayPrior(
      setting === 'estimated'
        ? grid.map((prior) => ({ prior, probability: probabilityOf((p) => p.prior === prior) }))
        : [],
      chosenPrior,
      options.decayPrior === undefined ? 'default' : 'named',
      weeks,
    ),
    saturation: describeSaturation(
      families.map((family) => ({ family, probability: probabilityOf((p) => p.family === family) })),
      options.saturation === undefined ? 'default' : 'named',
    ),
    periods: summary.periods,
  };
}
