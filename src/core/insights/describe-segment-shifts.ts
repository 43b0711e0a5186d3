import type { InsightContext, InsightFinding } from './types.ts';

/** Segments whose growth is bad news (customers slipping away); others' growth is good news. */
const SLIPPING = new Set([
  'Need Attention',
  'About To Sleep',
  'At Risk',
  "Can't Lose Them",
  'Hibernating',
  'Lost',
]);
/** Segments smaller than this are too small for a percent change to mean much. */
export const MIN_SEGMENT_CUSTOMERS = 20;

/**
 * Segment shifts: RFM segments whose size changed by at least 10 % against 30 days earlier.
 *
 * Definition: growthRate (design §6) = percent change of the segment's size against the same RFM
 * computation 30 days earlier; shown when |growthRate| ≥ 10 and the segment has ≥ 20 customers
 * ('Others', the preset's catch-all, is not a segment anyone acts on). Severity: medium from 25 %,
 * low from 10 % — a shift in size is a signal, not money lost, so it never outranks insights with
 * money at stake. Tone: growth of a slipping segment (At Risk, Lost…) or decline of a healthy one is
 * bad news. The ranking's amount: the segment's revenue × |growthRate|.
 */
export function describeSegmentShifts(
  segments: readonly { segment: string; customers: number; growthRate: number | null; revenue: number }[],
  context: InsightContext,
): InsightFinding[] {
  return segments
    .filter(
      (s) =>
        s.segment !== 'Others' &&
        s.growthRate !== null &&
        Math.abs(s.growthRate) >= 10 &&
        s.customers >= MIN_SEGMENT_CUSTOMERS,
    )
    .sort((a, b) => Math.abs(b.growthRate!) - Math.abs(a.growthRate!))
    .map((s): InsightFinding => {
      const rate = s.growthRate!;
      const grew = rate > 0;
      const bad = SLIPPING.has(s.segment) === grew;
      const before = Math.round(s.customers / (1 + rate / 100));
      return {
        id: `segment_shift:${s.segment}`,
        kind: 'segment_shift',
        severity: Math.abs(rate) >= 25 ? 'medium' : 'low',
        tone: bad ? 'negative' : 'positive',
        title: `${s.segment} ${grew ? 'grew' : 'shrank'} ${Math.abs(rate).toFixed(0)} %`,
        narrative:
          `The ${s.segment} segment ${grew ? 'grew' : 'shrank'} by ${Math.abs(rate).toFixed(1)} % in 30 days, ` +
          `from about ${before.toLocaleString('en-US')} to ${s.customers.toLocaleString('en-US')} customers.`,
        impact: Math.abs((s.revenue * rate) / 100),
        evidence: [
          { label: 'Customers now', value: s.customers, unit: 'count' },
          { label: 'Change in 30 days', value: rate, unit: 'percent' },
          { label: 'Segment revenue (all time)', value: s.revenue, unit: 'currency' },
          {
            label: 'Window',
            value: `30 days (RFM re-scored; independent of the ${context.periodDays}-day period)`,
            unit: 'text',
          },
        ],
        link: { href: '/customers', label: 'See customer segments' },
      };
    });
}
