import { DATA_CHOSEN_DECAY_MIN_WEEKS } from './default-decay-prior.ts';
import type { MmmDecayPriorUsed } from './types.ts';

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const beta = ([a, b]: readonly [number, number]) => `Beta(${round(a)}, ${round(b)})`;
const mean = ([a, b]: readonly [number, number]) => round(a / (a + b), 4);

/**
 * What a fit's output says about its decay prior (decision 214): which Beta, whether the data chose
 * it, and with what probability.
 *
 * Definition: `candidates` empty — one fixed prior, `chosen`; otherwise the data-chosen shared prior,
 * each candidate Beta(κμ, κ(1 − μ)) listed by its mean μ = a ÷ (a + b) with its posterior
 * probability p(μ | y), `chosen` the most probable. The summary names the prior, its mean carry-over
 * a week, and why it was used: named by the caller, Jin et al.'s default (below 156 weeks, or a
 * method without evidence), or chosen by the data.
 *
 * @example describeDecayPrior([], [3, 3], 'default', 52).summary
 *   // "How long an ad's effect carries over was set by the prior Beta(3, 3) (on average 50 % of a
 *   //  week's effect carried into the next): Jin et al.'s standard default below 156 weeks of data (52)."
 */
export function describeDecayPrior(
  candidates: readonly { prior: readonly [number, number]; probability: number }[],
  chosen: readonly [number, number],
  source: MmmDecayPriorUsed['source'],
  weeks: number,
): MmmDecayPriorUsed {
  const listed = candidates.map((c) => ({ mean: mean(c.prior), probability: round(c.probability, 4) }));
  const fixed = `How long an ad's effect carries over was set by the prior ${beta(chosen)} (on average ${round(100 * mean(chosen), 0)} % of a week's effect carried into the next)`;
  const odds = listed
    .map((c) => `${round(100 * c.mean, 0)} % (probability ${round(100 * c.probability, 0)} %)`)
    .join(', ');
  const summary =
    listed.length > 0
      ? `How long an ad's effect carries over was chosen by the data (${round(weeks, 1)} weeks): a week's carry-over of ${odds}, weighed by how well each fits; the most probable is ${beta(chosen)}.`
      : source === 'named'
        ? `${fixed}, as asked.`
        : weeks >= DATA_CHOSEN_DECAY_MIN_WEEKS
          ? `${fixed}: Jin et al.'s standard default; only the 'importance' method lets the data choose it.`
          : `${fixed}: Jin et al.'s standard default below ${DATA_CHOSEN_DECAY_MIN_WEEKS} weeks of data (${round(weeks, 1)}).`;
  return {
    source,
    kind: listed.length > 0 ? 'estimated' : 'fixed',
    beta: chosen,
    candidates: listed,
    summary,
  };
}
