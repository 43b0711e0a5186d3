import { formatDay } from './format-day.ts';
import { formatMoney } from './format-money.ts';
import { gradeSeverity } from './grade-severity.ts';
import type { BandDay, InsightContext, InsightFinding } from './types.ts';

/**
 * One insight per day whose revenue fell outside the forecast's 95 % interval.
 *
 * Definition: a day is anomalous when actual < lo95 or actual > hi95 of the forecast made before
 * the period; its size is the distance to the band (what the model's own uncertainty cannot
 * explain), and severity grades |actual − expected| against the period's revenue. Below the band
 * is bad news, above it good news. Largest distance first.
 */
export function describeRevenueAnomalies(
  days: readonly BandDay[],
  context: InsightContext,
): InsightFinding[] {
  const money = (value: number) => formatMoney(value, context.currency);
  return days
    .filter((d) => d.actual < d.lo95 || d.actual > d.hi95)
    .map((d) => ({ day: d, beyond: d.actual < d.lo95 ? d.lo95 - d.actual : d.actual - d.hi95 }))
    .sort((a, b) => b.beyond - a.beyond || (a.day.date < b.day.date ? -1 : 1))
    .map(({ day, beyond }): InsightFinding => {
      const below = day.actual < day.lo95;
      const gap = day.actual - day.expected;
      return {
        id: `revenue_anomaly:${day.date}`,
        kind: 'revenue_anomaly',
        severity: gradeSeverity(gap, context.periodRevenue),
        tone: below ? 'negative' : 'positive',
        title: `Revenue ${below ? 'below' : 'above'} forecast on ${formatDay(day.date)}`,
        narrative:
          `On ${formatDay(day.date)} revenue was ${money(day.actual)}, ${money(beyond)} ${below ? 'below' : 'above'} ` +
          `the forecast's 95 % range of ${money(day.lo95)} – ${money(day.hi95)} (expected ${money(day.expected)}).`,
        impact: Math.abs(gap),
        evidence: [
          { label: 'Day', value: day.date, unit: 'date' },
          { label: 'Actual revenue', value: day.actual, unit: 'currency' },
          { label: 'Forecast', value: day.expected, unit: 'currency' },
          { label: '95 % range low', value: day.lo95, unit: 'currency' },
          { label: '95 % range high', value: day.hi95, unit: 'currency' },
          { label: below ? 'Below the range by' : 'Above the range by', value: beyond, unit: 'currency' },
        ],
        link: { href: '/dashboard', label: 'See the revenue forecast' },
      };
    });
}
