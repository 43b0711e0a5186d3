// The oracle row of the `demo` part of bench/measurement-mmm.bench.ts (issue #41, decision 151): the
// causal demo fitted with every channel's TRUE adstock and saturation given, so only the baseline
// and the channels' effects are estimated. What it misses, the data (52 weeks, Poisson orders, the
// store's own seasonality) miss by themselves: no estimator of the curves can do better.

import { buildMmmDesign } from '../../src/core/measurement/build-mmm-design.ts';
import { createMmmMediaPosterior } from '../../src/core/measurement/create-mmm-media-posterior.ts';
import { createRandom } from '../../src/core/measurement/create-random.ts';
import { drawMmmCoefficients } from '../../src/core/measurement/draw-mmm-coefficients.ts';
import { geometricAdstock } from '../../src/core/measurement/geometric-adstock.ts';
import { hillSaturation } from '../../src/core/measurement/hill-saturation.ts';
import { posteriorInterval } from '../../src/core/measurement/posterior-interval.ts';
import type { Interval, MmmInput } from '../../src/core/measurement/types.ts';
import type { DailyChannelSpend } from '../../src/core/measurement/weekly-mmm-input.ts';
import type { MmmChannelTruth } from '../../src/demo/truth-model.ts';
import { addDays, daysBetween } from '../../src/shared/calendar.ts';

/** Draws of the coefficients, as the endpoint's fit takes of the whole posterior. */
const DRAWS = 200;

interface OracleChannel {
  name: string;
  share: Interval;
  roas: Interval;
}

/**
 * Each channel's true media column on the fitted weeks: the mean over the week's days of
 * Hill(geometric adstock of the daily spend), the generator's own curve (plan-causal-ads.ts), run
 * from the store's first day so the carry-over into the first fitted week is the truth's. Dividing
 * the week's sum by 7 keeps the column in [0, 1), the model's scale for a channel's effect at
 * saturation, so the oracle and the model share one prior.
 */
function trueWeeklyMedia(
  truth: MmmChannelTruth,
  spend: DailyChannelSpend,
  storeStart: string,
  from: string,
  weeks: number,
  minorPerMajor: number,
): number[] {
  const days = daysBetween(storeStart, addDays(from, 7 * weeks - 1)) + 1;
  const daily = Array.from(
    { length: days },
    (_, d) => (spend.daily.get(addDays(storeStart, d)) ?? 0) / minorPerMajor,
  );
  const curve = geometricAdstock(daily, truth.adstock.decay, truth.adstock.maxLag).map((a) =>
    hillSaturation(a, truth.saturation.halfSaturation, truth.saturation.shape),
  );
  const offset = daysBetween(storeStart, from);
  return Array.from({ length: weeks }, (_, w) => {
    let sum = 0;
    for (let d = 0; d < 7; d += 1) sum += curve[offset + 7 * w + d] ?? 0;
    return sum / 7;
  });
}

/**
 * The exact posterior of the baseline and the channels' effects (β ≥ 0, the model's priors and
 * truncation) given the true curves, on the same weekly input the model fits; each channel's share
 * and ROAS over `DRAWS` draws, as summariseMmmDraws computes them.
 */
export function fitCausalDemoOracle(
  input: MmmInput,
  truths: readonly MmmChannelTruth[],
  spend: readonly DailyChannelSpend[],
  storeStart: string,
  minorPerMajor: number,
  fourierOrder = 3,
): OracleChannel[] {
  const design = buildMmmDesign(input, fourierOrder);
  const from = input.dates[0]!;
  const media = input.channels.map((c) => {
    const truth = truths.find((t) => t.name === c.name)!;
    const daily = spend.find((s) => s.name === c.name)!;
    return trueWeeklyMedia(truth, daily, storeStart, from, design.n, minorPerMajor);
  });
  const posterior = createMmmMediaPosterior(design, design.n, [])(media);
  if (!posterior) return [];
  const nb = design.base.length;
  const random = createRandom(1);
  const totals = Array.from({ length: DRAWS }, () => {
    const beta = drawMmmCoefficients(posterior, nb, random).coefficients;
    return media.map((m, c) => beta[nb + c]! * m.reduce((a, v) => a + v, 0) * design.scale);
  });
  return input.channels.map((c, i) => {
    const spent = c.spend.reduce((a, v) => a + v, 0);
    return {
      name: c.name,
      share: posteriorInterval(totals.map((t) => t[i]! / (t.reduce((a, v) => a + v, 0) || 1))),
      roas: posteriorInterval(totals.map((t) => t[i]! / spent)),
    };
  });
}
