import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type AlertRule,
  THRESHOLD_METRIC_LABELS,
  THRESHOLD_METRICS,
  type ThresholdMetric,
} from '../../../shared/contracts/notifications.ts';
import { formatMoney, minorToDecimal, parseDecimalToMinor } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { adSpendRows } from '../../domain/metrics/ad-spend-rows.ts';
import { readMetricWindow, validOrderOf } from '../../domain/metrics/metric-window.ts';
import { readSales } from '../../domain/notifications/read-digest.ts';
import { readProfitReport } from '../../domain/profit/read-profit-report.ts';
import { notFound } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';
import type { AlertCondition } from './alert-condition.ts';

/** The owner's own thresholds ("CAC above $70 over 2 days"), evaluated over the last complete days. */

const RuleRow = z.object({
  id: z.string(),
  metric: z.enum(THRESHOLD_METRICS),
  comparator: z.enum(['above', 'below']),
  threshold: z.string(),
  window_days: z.number(),
  enabled: z.boolean(),
  created_at: timestampColumn,
});
type RuleRow = z.infer<typeof RuleRow>;

const COUNT_METRICS = new Set<ThresholdMetric>(['orders']);

const ShopDigitRow = z.object({ digits: z.number() });

async function shopDigits(db: Db, workspaceId: string): Promise<number> {
  const [row] = await queryRows(
    db,
    ShopDigitRow,
    sql`SELECT currency_digits AS digits FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  return Number(row?.digits ?? 2);
}

const present = (row: RuleRow, digits: number): AlertRule => ({
  id: row.id,
  metric: row.metric,
  comparator: row.comparator,
  threshold: COUNT_METRICS.has(row.metric) ? row.threshold : minorToDecimal(Number(row.threshold), digits),
  windowDays: row.window_days,
  enabled: row.enabled,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function listRules(db: Db, workspaceId: string): Promise<AlertRule[]> {
  const [rows, digits] = await Promise.all([
    queryRows(
      db,
      RuleRow,
      sql`SELECT * FROM alert_rules WHERE workspace_id = ${workspaceId} ORDER BY created_at, id`,
    ),
    shopDigits(db, workspaceId),
  ]);
  return rows.map((row) => present(row, digits));
}

export async function createRule(
  db: Db,
  workspaceId: string,
  body: { metric: ThresholdMetric; comparator: 'above' | 'below'; threshold: string; windowDays: number },
  now: Date,
): Promise<AlertRule> {
  const digits = await shopDigits(db, workspaceId);
  const threshold = COUNT_METRICS.has(body.metric)
    ? Math.round(Number(body.threshold))
    : parseDecimalToMinor(body.threshold, digits);
  const [row] = await queryRows(
    db,
    RuleRow,
    sql`INSERT INTO alert_rules (workspace_id, metric, comparator, threshold, window_days, created_at)
        VALUES (${workspaceId}, ${body.metric}, ${body.comparator}, ${threshold}, ${body.windowDays}, ${now.toISOString()})
        RETURNING *`,
  );
  if (!row) throw new Error('rule insert returned no row');
  return present(row, digits);
}

const DeleteRuleRow = z.object({ id: z.string() });

export async function deleteRule(db: Db, workspaceId: string, id: string): Promise<void> {
  const rows = await queryRows(
    db,
    DeleteRuleRow,
    sql`DELETE FROM alert_rules WHERE workspace_id = ${workspaceId} AND id = ${id} RETURNING id`,
  );
  if (rows.length === 0) throw notFound('No such alert rule.');
}

const MetricValueRow = z.object({ spend: z.string().nullable(), new_customers: z.number() });

/** A metric's value over a range, in minor units (orders: a count); null when undefined (no new customers). */
async function metricValue(
  reads: CachedReads,
  workspaceId: string,
  metric: ThresholdMetric,
  start: string,
  end: string,
  digits: number,
): Promise<number | null> {
  const { db } = reads;
  const range = { start, end };
  if (metric === 'revenue' || metric === 'orders' || metric === 'aov')
    return (await readSales(db, workspaceId, range))[metric];
  if (metric === 'contributionMargin' || metric === 'netProfit') {
    const report = await readProfitReport(reads, workspaceId, { from: start, to: end, granularity: 'day' });
    return parseDecimalToMinor(report.totals[metric], digits);
  }
  const [row] = await queryRows(
    db,
    MetricValueRow,
    sql`SELECT (SELECT sum(s.spend_minor)::text FROM ${adSpendRows(workspaceId, { from: start, to: end })} s) AS spend,
          (SELECT count(*)::int FROM (SELECT o.customer_id FROM wh_orders o
             WHERE ${validOrderOf(workspaceId)} AND o.customer_id IS NOT NULL
             GROUP BY o.customer_id HAVING min(o.order_date) BETWEEN ${start}::date AND ${end}::date) firsts) AS new_customers`,
  );
  const spend = Number(row?.spend ?? 0);
  if (metric === 'adSpend') return spend;
  return row && row.new_customers > 0 ? Math.round(spend / row.new_customers) : null;
}

/** Every enabled threshold rule whose metric, over its window, is past the threshold. */
export async function thresholdConditions(
  reads: CachedReads,
  workspaceId: string,
  now: Date,
): Promise<AlertCondition[]> {
  const { db } = reads;
  const rules = await queryRows(
    db,
    RuleRow,
    sql`SELECT * FROM alert_rules WHERE workspace_id = ${workspaceId} AND enabled`,
  );
  const conditions: AlertCondition[] = [];
  for (const rule of rules) {
    const window = await readMetricWindow(db, workspaceId, rule.window_days, now);
    if (!window) continue;
    const digits = window.currencyDigits;
    const value = await metricValue(reads, workspaceId, rule.metric, window.start, window.end, digits);
    const threshold = Number(rule.threshold);
    if (value === null || (rule.comparator === 'above' ? value <= threshold : value >= threshold)) continue;
    const show = (n: number) =>
      COUNT_METRICS.has(rule.metric)
        ? n.toLocaleString('en-US')
        : formatMoney(minorToDecimal(n, digits), window.currency);
    const days = rule.window_days === 1 ? 'yesterday' : `over the last ${rule.window_days} days`;
    conditions.push({
      rule: `rule:${rule.id}`,
      subject: '',
      title: `${THRESHOLD_METRIC_LABELS[rule.metric]} ${rule.comparator} ${show(threshold)} ${days}`,
      detail: `${THRESHOLD_METRIC_LABELS[rule.metric]} was ${show(value)} from ${window.start} to ${window.end} (your threshold: ${rule.comparator} ${show(threshold)}).`,
      link:
        rule.metric === 'contributionMargin' || rule.metric === 'netProfit'
          ? '/profit'
          : rule.metric === 'adSpend' || rule.metric === 'cac'
            ? '/campaigns'
            : '/dashboard',
    });
  }
  return conditions;
}
