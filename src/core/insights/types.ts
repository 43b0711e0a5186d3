import type { Insight } from '../../shared/contracts/insights.ts';

/**
 * An insight as the models find it: the wire's insight with its money at stake still a number of
 * major units, so it can be ranked; the server writes it as wire money (decision 146).
 */
export type InsightFinding = Omit<Insight, 'impact'> & { impact: number };

/** What every insight description needs to know about the period it speaks of. */
export interface InsightContext {
  currency: string;
  periodDays: number;
  /** Net revenue of the period (severity is graded against it). */
  periodRevenue: number;
  /**
   * How the narratives name a range asked by its days (e.g. "2026-09-01 to 2026-10-10") and the
   * range it is compared with; absent for the last `periodDays` days against the days just before.
   */
  rangeLabels?: { current: string; previous: string };
}

/** One key's value in the period and in the period before it. */
export interface PeriodMover {
  key: string;
  label: string;
  current: number;
  previous: number;
}

/** A day of the period beside the forecast made before the period. */
export interface BandDay {
  date: string;
  actual: number;
  expected: number;
  lo95: number;
  hi95: number;
}
