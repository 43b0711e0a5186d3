import { normalQuantile } from '../stats/normal-quantile.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import { probabilityToBeatControl } from './probability-to-beat-control.ts';
import { relativeLiftInterval } from './relative-lift-interval.ts';
import { requiredSampleSize } from './required-sample-size.ts';
import { twoProportionZTest } from './two-proportion-z-test.ts';
import type { VariantCounts } from './types.ts';

/** Fewer visitors or conversions than this in any arm and no verdict is given. */
export const MIN_VISITORS_PER_ARM = 100;
export const MIN_CONVERSIONS_PER_ARM = 10;

export interface ExperimentOptions {
  /** Relative lift the owner wants to be able to detect (0.1 = 10 %). */
  minimumDetectableEffect: number;
  /** Overall significance level, split over the comparisons (Bonferroni). */
  alpha?: number;
  power?: number;
}

export interface VariantResult {
  name: string;
  visitors: number;
  conversions: number;
  revenue: number;
  conversionRate: number;
  /** 95 % Wilson interval of the conversion rate. */
  rateLow: number;
  rateHigh: number;
  /** Revenue / visitors (null without visitors). */
  revenuePerVisitor: number | null;
}

export interface ComparisonResult {
  variant: string;
  difference: number;
  /** Relative lift of the conversion rate and its 95 % interval (null when a rate is 0). */
  lift: number | null;
  liftLow: number | null;
  liftHigh: number | null;
  z: number;
  pValue: number;
  probabilityToBeatControl: number;
  significant: boolean;
  /** Relative change of revenue per visitor (null when the control's is 0). */
  revenuePerVisitorLift: number | null;
}

export type VerdictStatus = 'not_enough_data' | 'winner' | 'no_difference';

export interface ExperimentAnalysis {
  control: string;
  variants: VariantResult[];
  comparisons: ComparisonResult[];
  alphaPerComparison: number;
  /** Visitors each arm needs to detect the minimum detectable effect (null when the control has no conversions). */
  requiredVisitorsPerArm: number | null;
  verdict: { status: VerdictStatus; label: string; winner: string | null; rule: string; detail: string };
}

const percent = (value: number, digits = 0) => `${(value * 100).toFixed(digits)} %`;

/**
 * The analysis of one A/B(/n) test from its counts; the first arm is the control.
 *
 * Definition: per arm the conversion rate with its 95 % Wilson interval and revenue per visitor;
 * per variant against the control the relative lift (Katz log interval), the two-sided pooled
 * two-proportion z-test and the exact Bayesian probability to beat the control (uniform priors).
 * Verdict rule: a variant wins when its p-value is below α/k (k comparisons, Bonferroni) and every
 * arm has ≥ 100 visitors and ≥ 10 conversions (the normal approximation needs both); if the
 * significant variants are all worse, the control wins. With no significant difference the verdict
 * is 'No significant difference' once every arm has the visitors needed to detect the minimum
 * detectable effect at the stated power, and 'Not enough data yet' before.
 * Reference: see each statistic's function; Bonferroni (Dunn 1961).
 *
 * @throws RangeError with fewer than two arms, or counts that are not whole numbers with
 *   0 ≤ conversions ≤ visitors.
 */
export function analyzeExperiment(
  arms: readonly VariantCounts[],
  options: ExperimentOptions,
): ExperimentAnalysis {
  if (arms.length < 2) throw new RangeError('An experiment needs a control and at least one variant');
  for (const arm of arms) {
    if (
      !Number.isInteger(arm.visitors) ||
      !Number.isInteger(arm.conversions) ||
      arm.conversions < 0 ||
      arm.conversions > arm.visitors
    )
      throw new RangeError(`${arm.name}: conversions must be whole numbers between 0 and visitors`);
  }
  const alpha = options.alpha ?? 0.05;
  const power = options.power ?? 0.8;
  const control = arms[0]!;
  const k = arms.length - 1;
  const alphaPerComparison = alpha / k;
  const z95 = normalQuantile(0.975);
  const rpv = (arm: VariantCounts) => (arm.visitors > 0 ? arm.revenue / arm.visitors : null);

  const variants: VariantResult[] = arms.map((arm) => {
    const interval = wilsonInterval(arm.conversions, arm.visitors, z95);
    return {
      name: arm.name,
      visitors: arm.visitors,
      conversions: arm.conversions,
      revenue: arm.revenue,
      conversionRate: arm.visitors > 0 ? arm.conversions / arm.visitors : 0,
      rateLow: interval.low,
      rateHigh: interval.high,
      revenuePerVisitor: rpv(arm),
    };
  });

  const controlRpv = rpv(control);
  const comparisons: ComparisonResult[] = arms.slice(1).map((arm) => {
    const test = twoProportionZTest(control, arm);
    const lift = relativeLiftInterval(control, arm);
    const armRpv = rpv(arm);
    return {
      variant: arm.name,
      difference: test.difference,
      lift: lift?.lift ?? null,
      liftLow: lift?.low ?? null,
      liftHigh: lift?.high ?? null,
      z: test.z,
      pValue: test.pValue,
      probabilityToBeatControl: probabilityToBeatControl(control, arm),
      significant: test.pValue < alphaPerComparison,
      revenuePerVisitorLift: controlRpv && armRpv !== null ? armRpv / controlRpv - 1 : null,
    };
  });

  const baseline = variants[0]!.conversionRate;
  const target = baseline * (1 + options.minimumDetectableEffect);
  const requiredVisitorsPerArm =
    baseline > 0 && target < 1
      ? Math.ceil(requiredSampleSize(baseline, target, alphaPerComparison, power))
      : null;

  const rule =
    `A variant wins when its two-sided p-value is below ${percent(alphaPerComparison, k > 1 ? 2 : 0)}` +
    (k > 1 ? ` (5 % split over ${k} comparisons)` : '') +
    ` and every arm has at least ${MIN_VISITORS_PER_ARM} visitors and ${MIN_CONVERSIONS_PER_ARM} conversions. ` +
    `Without a winner, 'No significant difference' once every arm has the visitors needed to detect a ` +
    `${percent(options.minimumDetectableEffect)} relative lift with ${percent(power)} power` +
    (requiredVisitorsPerArm ? ` (${requiredVisitorsPerArm.toLocaleString('en-US')} each)` : '') +
    `; 'Not enough data yet' before.`;

  const enough = arms.every(
    (a) => a.visitors >= MIN_VISITORS_PER_ARM && a.conversions >= MIN_CONVERSIONS_PER_ARM,
  );
  const significant = comparisons.filter((c) => c.significant);
  let verdict: ExperimentAnalysis['verdict'];
  if (enough && significant.length > 0) {
    const better = significant.filter((c) => c.difference > 0).sort((a, b) => b.difference - a.difference);
    const best = better[0];
    const winner = best ? best.variant : control.name;
    const detail = best
      ? `${best.variant} converts ${percent(best.lift ?? 0, 1)} better than ${control.name} (p = ${best.pValue.toPrecision(2)}).`
      : `Every significant variant converts worse than ${control.name}.`;
    verdict = { status: 'winner', label: `${winner} wins`, winner, rule, detail };
  } else if (
    enough &&
    requiredVisitorsPerArm !== null &&
    arms.every((a) => a.visitors >= requiredVisitorsPerArm)
  ) {
    verdict = {
      status: 'no_difference',
      label: 'No significant difference',
      winner: null,
      rule,
      detail: `Every arm reached ${requiredVisitorsPerArm.toLocaleString('en-US')} visitors and no variant differs significantly from ${control.name}.`,
    };
  } else {
    const short = arms.filter(
      (a) => a.visitors < MIN_VISITORS_PER_ARM || a.conversions < MIN_CONVERSIONS_PER_ARM,
    );
    const needed =
      requiredVisitorsPerArm === null
        ? 0
        : arms.reduce((sum, a) => sum + Math.max(0, requiredVisitorsPerArm - a.visitors), 0);
    const detail =
      short.length > 0
        ? `${short.map((a) => a.name).join(', ')} ${short.length === 1 ? 'has' : 'have'} fewer than ${MIN_VISITORS_PER_ARM} visitors or ${MIN_CONVERSIONS_PER_ARM} conversions.`
        : requiredVisitorsPerArm === null
          ? `${control.name} has no conversions yet, so the needed sample size is unknown.`
          : `About ${needed.toLocaleString('en-US')} more visitors are needed across the arms.`;
    verdict = { status: 'not_enough_data', label: 'Not enough data yet', winner: null, rule, detail };
  }

  return {
    control: control.name,
    variants,
    comparisons,
    alphaPerComparison,
    requiredVisitorsPerArm,
    verdict,
  };
}
