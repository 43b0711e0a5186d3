import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import { analyzeExperiment } from './analyze-experiment.ts';
import { minimumDetectableRate } from './minimum-detectable-rate.ts';
import { probabilityToBeatControl } from './probability-to-beat-control.ts';
import { relativeLiftInterval } from './relative-lift-interval.ts';
import { requiredSampleSize } from './required-sample-size.ts';
import { twoProportionPower } from './two-proportion-power.ts';
import { twoProportionZTest } from './two-proportion-z-test.ts';

const Z95 = 1.959963984540054;

describe('twoProportionZTest', () => {
  it('reproduces the mammogram example of OpenIntro Statistics (4th ed.), §6.2.3', () => {
    // Control 505 deaths / 44,910, mammogram 500 / 44,925. The book (rounding as it goes) reports a
    // point estimate −0.00012, SE 0.00070, Z ≈ −0.17 and p ≈ 0.87 (0.865 from the rounded Z).
    const test = twoProportionZTest(
      { visitors: 44_910, conversions: 505 },
      { visitors: 44_925, conversions: 500 },
    );
    expect(test.difference).toBeCloseTo(-0.00012, 5);
    expect(test.standardError).toBeCloseTo(0.0007, 5);
    expect(test.z).toBeCloseTo(-0.164, 3);
    expect(test.pValue).toBeGreaterThan(0.86);
    expect(test.pValue).toBeLessThan(0.88);
  });

  it('matches the hand computation: 200/1000 vs 250/1000', () => {
    // pooled 0.225, SE = √(0.225·0.775·0.002) = 0.018675, z = 0.05/0.018675 = 2.6774, p = 0.00742.
    const test = twoProportionZTest(
      { visitors: 1000, conversions: 200 },
      { visitors: 1000, conversions: 250 },
    );
    expect(test.z).toBeCloseTo(2.6774, 4);
    expect(test.pValue).toBeCloseTo(0.00742, 5);
  });

  it('answers p = 1 when it cannot be computed', () => {
    expect(twoProportionZTest({ visitors: 0, conversions: 0 }, { visitors: 10, conversions: 1 }).pValue).toBe(
      1,
    );
    expect(
      twoProportionZTest({ visitors: 10, conversions: 0 }, { visitors: 10, conversions: 0 }).pValue,
    ).toBe(1);
  });
});

describe('wilsonInterval at 95 %', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison of seven
  // methods", Statistics in Medicine 17:857–872, table I, method 3 (score interval).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [29, 29, 0.883, 1],
  ])('%d/%d', (k, n, low, high) => {
    const interval = wilsonInterval(k, n, Z95);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });
});

describe('sample size and power (R stats::power.prop.test help-page examples)', () => {
  it('power.prop.test(p1 = .50, p2 = .75, power = .90) => n = 76.7', () => {
    expect(requiredSampleSize(0.5, 0.75, 0.05, 0.9)).toBeCloseTo(76.7, 1);
  });
  it('power.prop.test(n = 50, p1 = .50, p2 = .75) => power = 0.740', () => {
    expect(twoProportionPower(50, 0.5, 0.75)).toBeCloseTo(0.7401659, 6);
  });
  it('power.prop.test(n = 50, p1 = .5, power = .90) => p2 = 0.8026', () => {
    expect(minimumDetectableRate(50, 0.5, 0.05, 0.9)).toBeCloseTo(0.8026, 3);
  });
  it('the sample size reaches the requested power exactly', () => {
    const n = requiredSampleSize(0.03, 0.033, 0.05, 0.8);
    expect(twoProportionPower(n, 0.03, 0.033)).toBeCloseTo(0.8, 10);
    expect(() => requiredSampleSize(0.03, 0.03)).toThrow(RangeError);
  });
  it('answers null when no rate is detectable with so few visitors', () => {
    expect(minimumDetectableRate(2, 0.5, 0.05, 0.99)).toBeNull();
  });
});

describe('probabilityToBeatControl', () => {
  it('is 2/3 for Beta(2, 1) against Beta(1, 1): ∫₀¹ 2x · x dx', () => {
    expect(
      probabilityToBeatControl({ visitors: 0, conversions: 0 }, { visitors: 1, conversions: 1 }),
    ).toBeCloseTo(2 / 3, 12);
  });
  it('is ½ for identical arms and complementary when the arms swap', () => {
    const a = { visitors: 1000, conversions: 100 };
    const b = { visitors: 1000, conversions: 120 };
    expect(probabilityToBeatControl(a, a)).toBeCloseTo(0.5, 10);
    expect(probabilityToBeatControl(a, b) + probabilityToBeatControl(b, a)).toBeCloseTo(1, 10);
  });
  it('agrees with a numerical integration of the two Beta posteriors', () => {
    // P(B > A) = ∫ f_B(x) F_A(x) dx by the midpoint rule on a fine grid (independent of the closed form).
    const a = { visitors: 400, conversions: 40 };
    const b = { visitors: 380, conversions: 52 };
    const logDensity = (x: number, alpha: number, beta: number) =>
      (alpha - 1) * Math.log(x) + (beta - 1) * Math.log(1 - x);
    const steps = 200_000;
    let cdfA = 0;
    let total = 0;
    let normA = 0;
    let normB = 0;
    for (let i = 0; i < steps; i += 1) {
      const x = (i + 0.5) / steps;
      normA += Math.exp(logDensity(x, 41, 361));
      normB += Math.exp(logDensity(x, 53, 329));
    }
    for (let i = 0; i < steps; i += 1) {
      const x = (i + 0.5) / steps;
      const fa = Math.exp(logDensity(x, 41, 361)) / normA;
      total += (Math.exp(logDensity(x, 53, 329)) / normB) * (cdfA + fa / 2);
      cdfA += fa;
    }
    expect(probabilityToBeatControl(a, b)).toBeCloseTo(total, 5);
  });
});

describe('relativeLiftInterval', () => {
  it('is the Katz log interval: 100/1000 vs 120/1000', () => {
    // ln(1.2) ± 1.96·√(0.9/100 + 0.88/120) = 0.18232 ± 0.25054 → [−6.59 %, +54.16 %].
    const lift = relativeLiftInterval(
      { visitors: 1000, conversions: 100 },
      { visitors: 1000, conversions: 120 },
    )!;
    expect(lift.lift).toBeCloseTo(0.2, 12);
    expect(lift.low).toBeCloseTo(-0.0659, 4);
    expect(lift.high).toBeCloseTo(0.5416, 4);
  });
  it('is null without conversions', () => {
    expect(
      relativeLiftInterval({ visitors: 10, conversions: 0 }, { visitors: 10, conversions: 1 }),
    ).toBeNull();
  });
});

describe('analyzeExperiment', () => {
  const arm = (name: string, visitors: number, conversions: number, revenue = conversions * 50) => ({
    name,
    visitors,
    conversions,
    revenue,
  });

  it('declares the variant the winner when p < 0.05 with enough data', () => {
    const result = analyzeExperiment([arm('A', 1000, 200), arm('B', 1000, 250)], {
      minimumDetectableEffect: 0.1,
    });
    expect(result.verdict).toMatchObject({ status: 'winner', label: 'B wins', winner: 'B' });
    expect(result.comparisons[0]!.pValue).toBeCloseTo(0.00742, 5);
    expect(result.variants[1]).toMatchObject({ conversionRate: 0.25, revenuePerVisitor: 12.5 });
    expect(result.comparisons[0]!.revenuePerVisitorLift).toBeCloseTo(0.25, 12);
    expect(result.verdict.rule).toContain('below 5 %');
  });

  it('declares the control the winner when the variant is significantly worse', () => {
    const result = analyzeExperiment([arm('Original', 1000, 250), arm('New', 1000, 200)], {
      minimumDetectableEffect: 0.1,
    });
    expect(result.verdict).toMatchObject({ status: 'winner', label: 'Original wins' });
  });

  it('says not enough data below the minimum counts, whatever the p-value', () => {
    const result = analyzeExperiment([arm('A', 90, 1), arm('B', 90, 30)], { minimumDetectableEffect: 0.1 });
    expect(result.comparisons[0]!.pValue).toBeLessThan(0.001);
    expect(result.verdict.label).toBe('Not enough data yet');
  });

  it('says no significant difference once the planned sample size is reached', () => {
    // Baseline 20 %, 10 % relative MDE (20 % → 22 %), 80 % power: 6,510 visitors per arm.
    const needed = Math.ceil(requiredSampleSize(0.2, 0.22));
    const early = analyzeExperiment([arm('A', 3000, 600), arm('B', 3000, 610)], {
      minimumDetectableEffect: 0.1,
    });
    expect(early.requiredVisitorsPerArm).toBe(needed);
    expect(early.verdict.label).toBe('Not enough data yet');
    const done = analyzeExperiment(
      [arm('A', needed, needed / 5), arm('B', needed, Math.round(needed * 0.201))],
      {
        minimumDetectableEffect: 0.1,
      },
    );
    expect(done.verdict.label).toBe('No significant difference');
  });

  it('splits α over several variants (Bonferroni)', () => {
    const result = analyzeExperiment([arm('A', 1000, 200), arm('B', 1000, 240), arm('C', 1000, 200)], {
      minimumDetectableEffect: 0.1,
    });
    expect(result.alphaPerComparison).toBe(0.025);
    // p ≈ 0.030 for B: significant at 5 % alone, not at 2.5 %.
    expect(result.comparisons[0]!.pValue).toBeGreaterThan(0.025);
    expect(result.verdict.status).not.toBe('winner');
  });

  it('rejects impossible counts', () => {
    expect(() =>
      analyzeExperiment([arm('A', 10, 11), arm('B', 10, 1)], { minimumDetectableEffect: 0.1 }),
    ).toThrow(RangeError);
    expect(() => analyzeExperiment([arm('A', 10, 1)], { minimumDetectableEffect: 0.1 })).toThrow(RangeError);
  });
});
