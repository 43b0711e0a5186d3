import { sql } from 'drizzle-orm';
import { findKpiAnomaly, type KpiInterval } from '../../../core/alerts/find-kpi-anomaly.ts';
import { weekdayBaselineInterval } from '../../../core/alerts/weekday-baseline-interval.ts';
import { formatDay } from '../../../core/insights/format-day.ts';
import { addDays } from '../../../shared/calendar.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readMetricWindow, validOrderOf } from '../metrics/metric-window.ts';
import type { AlertCondition } from './alert-condition.ts';

/** Same-weekday history the baselines look at. */
const BASELINE_WEEKS = 8;

interface DaySales {
  revenue: number;
  orders: number;
  aov: number;
}

async function readDailySales(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<Map<string, DaySales>> {
  const rows = await queryRows<{ day: string; orders: number; gross: string; refunds: string }>(
    db,
    sql`WITH days AS (SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d),
        sales AS (SELECT o.order_date AS day, count(*)::int AS orders, sum(o.total_minor) AS gross FROM wh_orders o
          WHERE ${validOrderOf(workspaceId)} AND o.order_date BETWEEN ${from}::date AND ${to}::date GROUP BY 1),
        refunds AS (SELECT r.refund_date AS day, sum(r.amount_minor) AS amount FROM wh_refunds r
          JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
          WHERE r.workspace_id = ${workspaceId} AND ${validOrderOf(workspaceId)}
            AND r.refund_date BETWEEN ${from}::date AND ${to}::date GROUP BY 1)
        SELECT days.day::text AS day, coalesce(sales.orders, 0) AS orders, coalesce(sales.gross, 0)::text AS gross,
          coalesce(refunds.amount, 0)::text AS refunds
        FROM days LEFT JOIN sales USING (day) LEFT JOIN refunds USING (day)`,
  );
  return new Map(
    rows.map((row) => {
      const gross = Number(row.gross);
      return [
        row.day,
        {
          revenue: gross - Number(row.refunds),
          orders: row.orders,
          aov: row.orders === 0 ? 0 : gross / row.orders,
        },
      ];
    }),
  );
}

/** The forecast an earlier run made for `day` (major units), if any. */
async function readForecastFor(db: Db, workspaceId: string, day: string): Promise<KpiInterval | null> {
  const [row] = await queryRows<{ value: number; lo95: number | null; hi95: number | null }>(
    db,
    sql`SELECT fp.value, fp.lo95, fp.hi95 FROM analysis_forecast_points fp
        JOIN analysis_runs r ON r.id = fp.run_id
        WHERE r.workspace_id = ${workspaceId} AND r.status = 'succeeded' AND r.as_of < ${day}::date
          AND fp.kind = 'forecast' AND fp.date = ${day}::date AND NOT fp.closed
        ORDER BY r.finished_at DESC LIMIT 1`,
  );
  if (!row || row.lo95 === null || row.hi95 === null) return null;
  return { expected: row.value, lo95: row.lo95, hi95: row.hi95, source: 'forecast' };
}

/**
 * Built-in KPI alerts: the last complete shop day's revenue, orders and AOV against their 95 %
 * interval — revenue against the forecast an earlier analysis made for that day when there is
 * one, otherwise (and for orders and AOV) against the same weekday of the previous 8 weeks.
 */
export async function kpiAnomalyConditions(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<AlertCondition[]> {
  const window = await readMetricWindow(db, workspaceId, 1, now);
  if (!window) return [];
  const day = window.end;
  const digits = window.currencyDigits;
  const sales = await readDailySales(db, workspaceId, addDays(day, -7 * BASELINE_WEEKS), day);
  const today = sales.get(day);
  if (!today) return [];
  const earlier = (key: keyof DaySales) =>
    Array.from({ length: BASELINE_WEEKS }, (_, i) => sales.get(addDays(day, -7 * (i + 1)))?.[key] ?? 0);
  const scale = 10 ** digits;
  const forecast = await readForecastFor(db, workspaceId, day);
  const money = (major: number) => formatMoney(major, window.currency);
  const checks = [
    {
      key: 'revenue',
      label: 'Revenue',
      value: today.revenue / scale,
      interval: forecast ?? weekdayBaselineInterval(earlier('revenue').map((v) => v / scale)),
      show: money,
    },
    {
      key: 'orders',
      label: 'Orders',
      value: today.orders,
      interval: weekdayBaselineInterval(earlier('orders')),
      show: (n: number) => Math.round(n).toLocaleString('en-US'),
    },
    {
      key: 'aov',
      label: 'Average order value',
      value: today.aov / scale,
      interval: weekdayBaselineInterval(earlier('aov').map((v) => v / scale)),
      show: money,
    },
  ];
  const conditions: AlertCondition[] = [];
  for (const check of checks) {
    const anomaly = findKpiAnomaly(check.value, check.interval);
    if (!anomaly) continue;
    conditions.push({
      rule: `forecast:${check.key}`,
      subject: day,
      title: `${check.label} on ${formatDay(day)} was ${anomaly.direction === 'below' ? 'unusually low' : 'unusually high'}`,
      detail: `${check.show(anomaly.value)} against ${check.show(anomaly.interval.expected)} expected (95 % interval ${check.show(anomaly.interval.lo95)} – ${check.show(anomaly.interval.hi95)}, ${anomaly.interval.source}).`,
      link: '/insights',
    });
  }
  return conditions;
}
