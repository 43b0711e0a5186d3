import type { ChannelHyper, MmmSaturation } from './types.ts';

/** Beyond ±20 the priors make a point hopeless anyway; clamping keeps decay < 1 in floating point. */
const clamp = (u: number) => Math.min(20, Math.max(-20, u));
const logistic = (u: number) => 1 / (1 + Math.exp(-clamp(u)));

/**
 * Every channel's adstock and saturation parameters from one unconstrained vector, three numbers
 * per channel (Hill) or two (logistic), so optimisers, the Laplace approximation and the sampler
 * work on all of ℝ³ᶜ (ℝ²ᶜ).
 *
 * Definition: Hill: (u₁, u₂, u₃) ↦ decay per week = logistic(u₁), half-saturation share =
 * logistic(u₂), shape = exp(u₃). Logistic saturation (decision 234): (u₁, u₂) ↦ decay per week =
 * logistic(u₁), λ = exp(u₂) on max-scaled spend, reported as the half-saturation share ln 3 / λ
 * with shape 1 and `saturation: 'logistic'`. Each u clamped to [−20, 20]. The Jacobian of this map
 * enters the prior density (see hyperLogPrior).
 * Reference: Stan Reference Manual, "Constraint transforms" (logit for (0, 1), log for (0, ∞)).
 *
 * @example hyperFromVector([0, 0, 0]) // [{ decayPerWeek: 0.5, halfSaturationShare: 0.5, shape: 1 }]
 */
export function hyperFromVector(u: readonly number[], saturation: MmmSaturation = 'hill'): ChannelHyper[] {
  const out: ChannelHyper[] = [];
  if (saturation === 'logistic') {
    for (let i = 0; i + 1 < u.length; i += 2) {
      out.push({
        decayPerWeek: logistic(u[i]!),
        halfSaturationShare: Math.log(3) / Math.exp(clamp(u[i + 1]!)),
        shape: 1,
        saturation: 'logistic',
      });
    }
    return out;
  }
  for (let i = 0; i + 2 < u.length; i += 3) {
    out.push({
      decayPerWeek: logistic(u[i]!),
      halfSaturationShare: logistic(u[i + 1]!),
      shape: Math.exp(u[i + 2]!),
    });
  }
  return out;
}
