import type { Insight } from '../../shared/contracts/insights.ts';

/**
 * An insight as the models find it: the wire's insight with its money at stake still a number of
 * major units, so it can be ranked; the server writes it as wire money (decisions 146, 171).
 */
export type InsightFinding = Omit<Insight, 'impact' | 'evidence'> & {
  impact: number;
  /** Amounts (`unit: 'currency'`) in major units too; the server writes them as money (decision 171). */
  evidence: FindingEvidence[];
};

/** One number or text behind a finding, with its unit. */
export interface FindingEvidence {
  label: string;
  value: number | string;
  unit: 'currency' | 'percent' | 'count' | 'days' | 'date' | 'text';
}

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
