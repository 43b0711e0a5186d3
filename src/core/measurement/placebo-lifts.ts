import { estimateSyntheticLift } from './estimate-synthetic-lift.ts';

/**
 * The lifts a synthetic control reports where there was no test: every window of the test's length
 * inside the pre-period, each fitted on the rest of the pre-period — the null distribution for the
 * permutation p-value, the interval and the power analysis.
 *
 * Definition: for each start s = 0…P − D (P pre-period days, D window days), lift_s from
 * estimateSyntheticLift with window [s, s + D) and fit = pre-period minus the window.
 * Reference: Abadie, Diamond & Hainmueller (2015), "Comparative Politics and the Synthetic Control
 * Method", AJPS 59(2), §"in-time placebos"; Chernozhukov, Wüthrich & Zhu (2021), "An Exact and
 * Robust Conformal Inference Method for Counterfactual and Synthetic Controls", JASA 116(536)
 * (permuting time blocks for the p-value).
 */
export function placeboLifts(
  treated: readonly number[],
  controls: readonly (readonly number[])[],
  preDays: number,
  windowDays: number,
): number[] {
  const out: number[] = [];
  for (let s = 0; s + windowDays <= preDays; s += 1) {
    const window = Array.from({ length: windowDays }, (_, i) => s + i);
    const fit = Array.from({ length: preDays }, (_, t) => t).filter((t) => t < s || t >= s + windowDays);
    out.push(estimateSyntheticLift(treated, controls, fit, window).lift);
  }
  return out;
}
