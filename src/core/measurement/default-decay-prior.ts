import { DECAY_PRIOR } from './hyper-log-prior.ts';
import type { MmmDecayPriorSetting, MmmMethod } from './types.ts';

/**
 * Weeks of data from which the model lets the data choose its decay prior (decision 214): three
 * years, the history at which decisions 203 and 214 measured the data-chosen prior against Jin et
 * al.'s Beta(3, 3) on held-out stores.
 */
export const DATA_CHOSEN_DECAY_MIN_WEEKS = 156;

/**
 * The decay prior a marketing-mix model fit uses when its caller names none: the data's choice
 * with three years or more of data, Jin et al.'s Beta(3, 3) below that.
 *
 * Definition: with `weeks` ≥ 156 and the 'importance' method, 'estimated' — one Beta prior shared
 * by the channels' decays whose mean μ ∈ {0.1, 0.25, 0.5, 0.75} has a uniform hyperprior and is
 * weighed by the marginal likelihood p(y | μ) of the fit under each (decision 162's discrete
 * hierarchical prior, Gelman et al., "Bayesian Data Analysis", 3rd ed., §5.3; its evidence from the
 * importance weights, Geweke 1989). Otherwise Beta(3, 3) (Jin et al. 2017, §3.3). The other
 * methods give no evidence, so they keep Beta(3, 3) at any length.
 * Why a threshold: the published defaults disagree on the carry-over a week — Jin et al.'s
 * Beta(3, 3) (mean 0.5), pymc-marketing's `GeometricAdstock` Beta(1, 3) (mean 0.25), Meridian's
 * Uniform(0, 1) for α_m ("allows the data to inform the decay rate") — so a prior that holds the
 * decay where one of them puts it decides a short store's shares. On 52 weeks the data-chosen prior
 * narrowed a channel's intervals past the truth (decision 162); on 156 weeks it moved the shares
 * towards the truth without that cost beyond the sampler's noise (decisions 203, 214).
 *
 * @param weeks the fitted history in weeks (periods × period length in days ÷ 7).
 * @example defaultDecayPrior(156, 'importance') // 'estimated'
 * @example defaultDecayPrior(155, 'importance') // [3, 3]
 */
export function defaultDecayPrior(weeks: number, method: MmmMethod): MmmDecayPriorSetting {
  return weeks >= DATA_CHOSEN_DECAY_MIN_WEEKS && method === 'importance' ? 'estimated' : DECAY_PRIOR;
}
