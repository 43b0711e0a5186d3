import type { ChannelHyper } from './types.ts';

/** Beyond ±20 the priors make a point hopeless anyway; clamping keeps decay < 1 in floating point. */
const clamp = (u: number) => Math.min(20, Math.max(-20, u));
const logistic = (u: number) => 1 / (1 + Math.exp(-clamp(u)));

/**
 * Every channel's adstock and saturation parameters from one unconstrained vector, three numbers
 * per channel, so optimisers, the Laplace approximation and the sampler work on all of ℝ³ᶜ.
 *
 * Definition: (u₁, u₂, u₃) ↦ decay per week = logistic(u₁), half-saturation share = logistic(u₂),
 * shape = exp(u₃), each u clamped to [−20, 20]. The Jacobian of this map enters the prior density (see hyperLogPrior).
 * Reference: Stan Reference Manual, "Constraint transforms" (logit for (0, 1), log for (0, ∞)).
 *
 * @example hyperFromVector([0, 0, 0]) // [{ decayPerWeek: 0.5, halfSaturationShare: 0.5, shape: 1 }]
 */
export function hyperFromVector(u: readonly number[]): ChannelHyper[] {
  const out: ChannelHyper[] = [];
  for (let i = 0; i + 2 < u.length; i += 3) {
    out.push({
      decayPerWeek: logistic(u[i]!),
      halfSaturationShare: logistic(u[i + 1]!),
      shape: Math.exp(u[i + 2]!),
    });
  }
  return out;
}
