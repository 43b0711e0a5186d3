import { quantileType7 } from '../stats/quantile-type7.ts';
import { sumCompensated } from '../stats/sum-compensated.ts';

/** One session through the funnel: the times it passed each step (matchFunnel) and what its orders brought. */
export interface FunnelSession {
  passedAt: readonly number[];
  /** Revenue of the orders joined to the session (minor units), 0 when it bought nothing. */
  revenue: number;
  /** Contribution margin of those orders (minor units, `contributionOf`), 0 when it bought nothing. */
  contribution: number;
}

export interface FunnelStepSummary {
  sessions: number;
  /** sessions ÷ sessions of step 1 (1 for step 1, 0 when no session entered). */
  conversionRate: number;
  /** Median seconds from the previous step to this one (0 for step 1, null when no session got here). */
  medianSeconds: number | null;
  /** Sessions of the previous step that did not reach this one (0 for step 1). */
  dropOff: number;
  /** Revenue of the orders of the sessions that passed this step. */
  revenue: number;
  /** revenue ÷ `totalRevenue` (the revenue of every order of the period), 0 when there is none. */
  revenueShare: number;
  /** Contribution margin of the orders of the sessions that passed this step. */
  contribution: number;
}

/**
 * Per-step figures of a funnel (issue 40): how many sessions passed each step, the conversion from
 * the first step, the median time from the previous step, the drop-off, and the revenue (with its
 * share of the period's) and contribution margin of the orders whose sessions passed the step.
 *
 * Definition: with n_i the sessions that passed step i (a session that passed step i passed every
 * step before it), conversion_i = n_i / n_1, dropOff_i = n_(i−1) − n_i, median_i = the median over
 * those sessions of (t_i − t_(i−1)) in seconds, revenue_i = Σ revenue of those sessions,
 * revenueShare_i = revenue_i / totalRevenue, contribution_i = Σ contribution margin of those sessions.
 * Method: one pass over the sessions per step; medians by quantileType7 at p = 0.5; sums by
 * sumCompensated.
 *
 * The definition the reports are held to: since decision 192 no report path sends sessions here —
 * both compute the same figures from counts (summarizeFunnelCounts) — and the agreement tests
 * (test/funnels/*-agreement, funnel-revenue-rollup) compare their answers with this, over the raw read.
 */
export function summarizeFunnel(
  stepCount: number,
  sessions: readonly FunnelSession[],
  totalRevenue: number,
): FunnelStepSummary[] {
  const steps: FunnelStepSummary[] = [];
  for (let i = 0; i < stepCount; i++) {
    const passed = sessions.filter((s) => s.passedAt.length > i);
    const gaps =
      i === 0 ? [] : passed.map((s) => (s.passedAt[i]! - s.passedAt[i - 1]!) / 1000).sort((a, b) => a - b);
    const revenue = sumCompensated(passed.map((s) => s.revenue));
    const first = steps[0]?.sessions ?? passed.length;
    steps.push({
      sessions: passed.length,
      conversionRate: first > 0 ? passed.length / first : 0,
      medianSeconds:
        i === 0 ? (passed.length > 0 ? 0 : null) : gaps.length > 0 ? quantileType7(gaps, 0.5) : null,
      dropOff: i === 0 ? 0 : steps[i - 1]!.sessions - passed.length,
      revenue,
      revenueShare: totalRevenue > 0 ? revenue / totalRevenue : 0,
      contribution: sumCompensated(passed.map((s) => s.contribution)),
    });
  }
  return steps;
}
