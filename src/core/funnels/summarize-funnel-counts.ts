import { sumCompensated } from '../stats/sum-compensated.ts';
import { medianRanks } from './median-ranks.ts';
import type { FunnelSession, FunnelStepSummary } from './summarize-funnel.ts';

/** What the pre-aggregates know of one step over a period. */
export interface FunnelStepCount {
  /** Sessions that passed the step. */
  sessions: number;
  /**
   * The gaps (ms from the previous step) of ranks medianRanks(sessions).lower and .upper among the
   * step's gaps in ascending order; null at step 1 and when no session passed.
   */
  medianGapsMs: readonly [number, number] | null;
}

/** What the pre-aggregated report (decisions 134, 141) knows of a funnel over a period. */
export interface FunnelCounts {
  steps: readonly FunnelStepCount[];
  /**
   * The sessions that passed step 1 and have orders, one by one or summed per steps passed
   * (passedAt.length; decision 174): steps passed, revenue, contribution.
   */
  buyers: readonly (Pick<FunnelSession, 'revenue' | 'contribution'> & { stepsPassed: number })[];
  /** Revenue of every order of the period (minor units). */
  totalRevenue: number;
}

/**
 * summarizeFunnel's figures from per-step counts and the two gaps around each median instead of
 * every session's path (issue 40, decisions 134 and 141): the same numbers for the same sessions,
 * so the daily step tables answer the report without reading sessions.
 *
 * Definition: n_i = sessions of step i; conversion, drop-off and revenue share as in
 * summarizeFunnel; median_i = the type-7 median (quantileType7 at p = 0.5) of step i's gaps in
 * seconds, from its two order statistics (medianGapsMs) and medianRanks(n_i).fraction;
 * revenue_i and contribution_i = Σ over `buyers` that passed step i (sessions without orders add 0,
 * so leaving them out changes no integer sum).
 * Method: the type-7 interpolation written as in quantileType7, on gap ÷ 1000 as summarizeFunnel
 * divides, so the floating-point result is the same; sums by sumCompensated.
 */
export function summarizeFunnelCounts(counts: FunnelCounts): FunnelStepSummary[] {
  const steps: FunnelStepSummary[] = [];
  counts.steps.forEach(({ sessions, medianGapsMs }, i) => {
    let medianSeconds: number | null = sessions > 0 ? 0 : null;
    if (i > 0 && sessions > 0) {
      if (!medianGapsMs) throw new RangeError(`step ${i + 1} has sessions but no median gaps`);
      const low = medianGapsMs[0] / 1000;
      medianSeconds = low + medianRanks(sessions).fraction * (medianGapsMs[1] / 1000 - low);
    }
    const passed = counts.buyers.filter((buyer) => buyer.stepsPassed > i);
    const revenue = sumCompensated(passed.map((buyer) => buyer.revenue));
    const first = steps[0]?.sessions ?? sessions;
    steps.push({
      sessions,
      conversionRate: first > 0 ? sessions / first : 0,
      medianSeconds,
      dropOff: i === 0 ? 0 : steps[i - 1]!.sessions - sessions,
      revenue,
      revenueShare: counts.totalRevenue > 0 ? revenue / counts.totalRevenue : 0,
      contribution: sumCompensated(passed.map((buyer) => buyer.contribution)),
    });
  });
  return steps;
}
