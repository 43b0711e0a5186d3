import type { CostPeriod } from './types.ts';

/** A stretch of days during which one period is the cost in force. `to` is exclusive; null = open. */
export interface CostSegment {
  periodId: number;
  from: string;
  to: string | null;
}

/**
 * Which period is in force on which days, for a variant's periods in precedence order
 * (`orderCostPeriods`): the days each period actually wins when periods of different sources or
 * dates overlap. Walks the distinct `effectiveFrom` days in date order; from each, the first
 * period in precedence order that has started is in force until the next change. A period that
 * never wins (an owner's period covers all its days) has no segment.
 */
export function costTimeline(periods: readonly CostPeriod[]): CostSegment[] {
  const days = [...new Set(periods.map((period) => period.effectiveFrom))].sort();
  const segments: CostSegment[] = [];
  for (const day of days) {
    const winner = periods.find((period) => period.effectiveFrom <= day);
    if (!winner) continue;
    const last = segments.at(-1);
    if (last && last.periodId === winner.id) continue;
    if (last) last.to = day;
    segments.push({ periodId: winner.id, from: day, to: null });
  }
  return segments;
}
