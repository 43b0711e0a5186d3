import { syntheticControlWeights } from './synthetic-control-weights.ts';

/** A synthetic-control estimate of one window. */
export interface SyntheticLift {
  lift: number;
  actual: number;
  counterfactual: number;
  weights: number[];
  /** The counterfactual for every period, in the treated series' units. */
  fitted: number[];
}

const meanOver = (series: readonly number[], days: readonly number[]) =>
  days.reduce((s, t) => s + series[t]!, 0) / days.length;

/**
 * The relative lift of a treated series over its synthetic control in a window.
 *
 * Definition: each series is divided by its mean over the fitting periods (regions of different
 * size become comparable), w = syntheticControlWeights on those, counterfactual_t = mean_fit(a)·
 * Σⱼ wⱼ·c_{j,t}/mean_fit(c_j); lift = Σ_window a / Σ_window counterfactual − 1.
 * Reference: Abadie, Diamond & Hainmueller (2010) for the weights; Doudchenko & Imbens (2016),
 * NBER w22791, §4 for relaxing the level match (here by normalising each series by its pre-period
 * mean, the demeaned-in-ratio variant); Vaver & Koehler (2011) for geo experiments.
 */
export function estimateSyntheticLift(
  treated: readonly number[],
  controls: readonly (readonly number[])[],
  fit: readonly number[],
  window: readonly number[],
): SyntheticLift {
  const treatedMean = meanOver(treated, fit) || 1;
  const scaled = controls.map((c) => {
    const m = meanOver(c, fit) || 1;
    return c.map((v) => v / m);
  });
  const weights = syntheticControlWeights(
    treated.map((v) => v / treatedMean),
    scaled,
    fit,
  );
  const fitted = treated.map((_, t) => treatedMean * scaled.reduce((s, c, j) => s + weights[j]! * c[t]!, 0));
  const actual = window.reduce((s, t) => s + treated[t]!, 0);
  const counterfactual = window.reduce((s, t) => s + fitted[t]!, 0);
  return {
    lift: counterfactual > 0 ? actual / counterfactual - 1 : 0,
    actual,
    counterfactual,
    weights,
    fitted,
  };
}
