import { findKpiAnomaly, type KpiInterval } from '../../../core/alerts/find-kpi-anomaly.ts';
import { MIN_BASELINE_WEEKS } from '../../../core/alerts/weekday-baseline-interval.ts';
import { formatDay } from '../../../core/insights/format-day.ts';
import type { AlertCondition, ThinHistory } from './alert-condition.ts';

/** One built-in KPI of one shop day, with the interval it is judged against. */
export interface DayCheck {
  rule: string;
  subject: string;
  /** "Revenue", `ROAS of "Spring sale"`. */
  label: string;
  /** The label is a plural ("Orders … were unusually low"). */
  plural?: boolean;
  day: string;
  value: number;
  /** The forecast's 95 % interval, or the weekday baseline's; null when history is too thin. */
  interval: KpiInterval | null;
  /** How many earlier same-weekday values the baseline had (for the "too thin" note). */
  historyWeeks: number;
  show: (value: number) => string;
  link: string;
}

/**
 * The alert a day's KPI opens when it lies outside its 95 % interval, or the note that it could
 * not be judged (fewer than 4 earlier same weekdays), or nothing.
 */
export function judgeDay(check: DayCheck): { condition: AlertCondition | null; thin: ThinHistory | null } {
  if (!check.interval) {
    return {
      condition: null,
      thin: {
        rule: check.rule,
        subject: check.subject,
        note: `${check.label} on ${formatDay(check.day)} not judged: history too thin (${check.historyWeeks} earlier same weekday${check.historyWeeks === 1 ? '' : 's'} with data, ${MIN_BASELINE_WEEKS} needed).`,
      },
    };
  }
  const anomaly = findKpiAnomaly(check.value, check.interval);
  if (!anomaly) return { condition: null, thin: null };
  const { show } = check;
  return {
    condition: {
      rule: check.rule,
      subject: check.subject,
      title: `${check.label} on ${formatDay(check.day)} ${check.plural ? 'were' : 'was'} ${anomaly.direction === 'below' ? 'unusually low' : 'unusually high'}`,
      detail: `${show(anomaly.value)} against ${show(anomaly.interval.expected)} expected (95 % interval ${show(anomaly.interval.lo95)} – ${show(anomaly.interval.hi95)}, ${anomaly.interval.source}).`,
      link: check.link,
    },
    thin: null,
  };
}

/** Splits judged checks into the conditions that hold and the notes on those not judged. */
export function judgeDays(checks: readonly DayCheck[]): AlertFindings {
  const findings: AlertFindings = { conditions: [], thin: [] };
  for (const check of checks) {
    const { condition, thin } = judgeDay(check);
    if (condition) findings.conditions.push(condition);
    if (thin) findings.thin.push(thin);
  }
  return findings;
}

export interface AlertFindings {
  conditions: AlertCondition[];
  thin: ThinHistory[];
}
