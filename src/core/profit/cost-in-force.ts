/** One dated cost period of a variant, in entry order. */
export interface CostPeriod {
  effectiveFrom: string;
  costMinor: number;
}

/**
 * The unit cost in force on a shop day (decision 010): among the periods, the latest
 * `effectiveFrom` on or before the day wins; on a tie the later entry wins. Null when no period
 * has started yet (the caller falls back to the next source).
 */
export function costInForce(periods: readonly CostPeriod[], day: string): number | null {
  let best: CostPeriod | null = null;
  for (const period of periods) {
    if (period.effectiveFrom > day) continue;
    if (best === null || period.effectiveFrom >= best.effectiveFrom) best = period;
  }
  return best ? best.costMinor : null;
}
