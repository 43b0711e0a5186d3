import { sumCompensated } from '../stats/sum-compensated.ts';
import type { FunnelSession, FunnelStepSummary } from './summarize-funnel.ts';

/** How many sessions passed one step with one gap from the previous step. */
export interface FunnelGapCount {
  /** Milliseconds from the previous step (0 at step 1). */
  gapMs: number;
  sessions: number;
}

/** What the pre-aggregated report (decision 134) knows of a funnel over a period. */
export interface FunnelCounts {
  /** Per step, the sessions that passed it by gap, ascending by gap, each gap once. */
  gaps: readonly (readonly FunnelGapCount[])[];
  /** The sessions that passed step 1 and have orders: steps passed (passedAt.length), revenue, contribution. */
  buyers: readonly (Pick<FunnelSession, 'revenue' | 'contribution'> & { stepsPassed: number })[];
  /** Revenue of every order of the period (minor units). */
  totalRevenue: number;
}

/** Value `k` (0-based) of the ascending sequence the counts stand for. */
function orderStatistic(counts: readonly FunnelGapCount[], k: number): number {
  let seen = 0;
  for (const { gapMs, sessions } of counts) {
    seen += sessions;
    if (k < seen) return gapMs;
  }
  throw new RangeError(`order statistic ${k} past the ${seen} counted values`);
}

/**
 * summarizeFunnel's figures from per-step gap counts instead of every session's path (issue 40,
 * decision 134): the same numbers for the same sessions, so the daily step table can answer the
 * report without reading sessions.
 *
 * Definition: n_i = Σ sessions of step i's counts; conversion, drop-off and revenue share as in
 * summarizeFunnel; median_i = the type-7 median (quantileType7 at p = 0.5) of the gaps of step i in
 * seconds, each gap repeated by its count; revenue_i and contribution_i = Σ over `buyers` that passed
 * step i (sessions without orders add 0, so leaving them out changes no integer sum).
 * Method: the two order statistics around the median found by one walk of the counts; the type-7
 * interpolation written as in quantileType7, on gap ÷ 1000 as summarizeFunnel divides, so the
 * floating-point result is the same; sums by sumCompensated.
 */
export function summarizeFunnelCounts(counts: FunnelCounts): FunnelStepSummary[] {
  const steps: FunnelStepSummary[] = [];
  counts.gaps.forEach((gaps, i) => {
    const sessions = gaps.reduce((sum, gap) => sum + gap.sessions, 0);
    let medianSeconds: number | null = sessions > 0 ? 0 : null;
    if (i > 0 && sessions > 0) {
      const h = (sessions - 1) * 0.5;
      const lower = Math.floor(h);
      const upper = Math.min(lower + 1, sessions - 1);
      const low = orderStatistic(gaps, lower) / 1000;
      medianSeconds = low + (h - lower) * (orderStatistic(gaps, upper) / 1000 - low);
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
