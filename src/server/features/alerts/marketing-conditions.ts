import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { weekdayBaselineInterval } from '../../../core/alerts/weekday-baseline-interval.ts';
import { computePoas } from '../../../core/metrics/compute-poas.ts';
import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import { addDays } from '../../../shared/calendar.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import { queryAttribution } from '../../domain/metrics/query-attribution.ts';
import type { CachedReads } from '../../http/deps.ts';
import { type AlertFindings, type DayCheck, judgeDays } from './judge-day.ts';

/** Same-weekday history the baselines look at (as the store KPIs). */
const BASELINE_WEEKS = 8;

const ratio = (value: number) => `${value.toFixed(2)}x`;

/**
 * Built-in campaign alerts: each Meta campaign that spent on the last complete shop day, its ROAS
 * (store-verified net revenue ÷ spend, the one attribution rule of /campaigns) and POAS
 * (contribution of its credited orders ÷ spend, decision 025) against the 95 % interval of the
 * same weekday of the previous 8 weeks on which it spent. Skipped when the ad account bills in
 * another currency than the shop sells in (no ratio across currencies, as /campaigns).
 */
export async function campaignAnomalyConditions(
  reads: CachedReads,
  workspaceId: string,
  now: Date,
): Promise<AlertFindings> {
  const { db } = reads;
  const none: AlertFindings = { conditions: [], thin: [] };
  const window = await readMetricWindow(db, workspaceId, 1, now);
  if (!window) return none;
  const day = window.end;
  const figures = await queryAttribution(
    reads,
    workspaceId,
    addDays(day, -7 * BASELINE_WEEKS),
    day,
    window.version,
  );
  if (!figures.hasMeta || figures.metaCurrency !== window.currency) return none;
  const weeks = Array.from({ length: BASELINE_WEEKS }, (_, i) => addDays(day, -7 * (i + 1)));
  const checks: DayCheck[] = [];
  for (const campaign of figures.campaigns.values()) {
    const today = campaign.byDay.get(day);
    if (!today || today.spendMinor <= 0) continue;
    const spent = weeks.flatMap((d) => {
      const earlier = campaign.byDay.get(d);
      return earlier && earlier.spendMinor > 0 ? [earlier] : [];
    });
    const measures = [
      { key: 'roas', label: 'ROAS', of: (d: typeof today) => computeRoas(d.revenueMinor, d.spendMinor) },
      { key: 'poas', label: 'POAS', of: (d: typeof today) => computePoas(d.contributionMinor, d.spendMinor) },
    ];
    for (const measure of measures) {
      const history = spent.map((d) => measure.of(d) ?? 0);
      checks.push({
        rule: `forecast:campaign-${measure.key}`,
        subject: `${campaign.campaignId}:${day}`,
        label: `${measure.label} of "${campaign.name}"`,
        day,
        value: measure.of(today) ?? 0,
        interval: weekdayBaselineInterval(history, measure.key === 'poas' ? Number.NEGATIVE_INFINITY : 0),
        historyWeeks: history.length,
        show: ratio,
        link: '/campaigns',
      });
    }
  }
  return judgeDays(checks);
}

const Ga4ConversionConditionRow = z.object({
  date: z.string(),
  sessions: z.number(),
  key_events: z.number(),
});

/**
 * GA4 conversion rate (key events per session, all channels) of the last complete shop day
 * against the 95 % interval of the same weekday of the previous 8 weeks GA4 reported.
 */
export async function ga4ConversionConditions(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<AlertFindings> {
  const window = await readMetricWindow(db, workspaceId, 1, now);
  if (!window) return { conditions: [], thin: [] };
  const day = window.end;
  const rows = await queryRows(
    db,
    Ga4ConversionConditionRow,
    sql`SELECT date::text AS date, sum(sessions)::float8 AS sessions, sum(key_events)::float8 AS key_events
        FROM wh_ga4_daily_channels
        WHERE workspace_id = ${workspaceId} AND date BETWEEN ${addDays(day, -7 * BASELINE_WEEKS)}::date AND ${day}::date
        GROUP BY date`,
  );
  const rate = new Map(
    rows
      .filter((row) => Number(row.sessions) > 0)
      .map((row) => [row.date, (100 * Number(row.key_events)) / Number(row.sessions)]),
  );
  const today = rate.get(day);
  if (today === undefined) return { conditions: [], thin: [] };
  const history = Array.from({ length: BASELINE_WEEKS }, (_, i) =>
    rate.get(addDays(day, -7 * (i + 1))),
  ).filter((value): value is number => value !== undefined);
  return judgeDays([
    {
      rule: 'forecast:ga4-conversion-rate',
      subject: day,
      label: 'GA4 conversion rate',
      day,
      value: today,
      interval: weekdayBaselineInterval(history),
      historyWeeks: history.length,
      show: (value) => `${value.toFixed(2)} %`,
      link: '/analytics',
    },
  ]);
}
