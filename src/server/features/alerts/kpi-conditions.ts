import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { KpiInterval } from '../../../core/alerts/find-kpi-anomaly.ts';
import { weekdayBaselineInterval } from '../../../core/alerts/weekday-baseline-interval.ts';
import { weekdayCountInterval } from '../../../core/alerts/weekday-count-interval.ts';
import { addDays } from '../../../shared/calendar.ts';
import { formatMoney, parseDecimalToMinor } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readMetricWindow, validOrderOf } from '../../domain/metrics/metric-window.ts';
import { readProfitReport } from '../../domain/profit/read-profit-report.ts';
import type { CachedReads } from '../../http/deps.ts';
import { type AlertFindings, type DayCheck, judgeDays } from './judge-day.ts';

/** Same-weekday history the baselines look at. */
const BASELINE_WEEKS = 8;

interface DaySales {
  revenue: number;
  orders: number;
  aov: number;
}

const DailySaleRow = z.object({
  day: z.string(),
  orders: z.number(),
  gross: z.string(),
  refunds: z.string(),
});

async function readDailySales(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<Map<string, DaySales>> {
  const rows = await queryRows(
    db,
    DailySaleRow,
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

const ForecastForRow = z.object({
  value: z.number(),
  lo95: z.number().nullable(),
  hi95: z.number().nullable(),
});

/** The forecast an earlier run made for `day` (major units), if any. */
async function readForecastFor(db: Db, workspaceId: string, day: string): Promise<KpiInterval | null> {
  const [row] = await queryRows(
    db,
    ForecastForRow,
    sql`SELECT fp.value, fp.lo95, fp.hi95 FROM analysis_forecast_points fp
        JOIN analysis_runs r ON r.id = fp.run_id
        WHERE r.workspace_id = ${workspaceId} AND r.status = 'succeeded' AND r.as_of < ${day}::date
          AND fp.kind = 'forecast' AND fp.date = ${day}::date AND NOT fp.closed
        ORDER BY r.finished_at DESC LIMIT 1`,
  );
  if (!row || row.lo95 === null || row.hi95 === null) return null;
  return { expected: row.value, lo95: row.lo95, hi95: row.hi95, source: 'forecast' };
}

/** The last complete day's contribution margin per day from the profit rollup (major units). */
async function readDailyContribution(
  reads: CachedReads,
  workspaceId: string,
  from: string,
  to: string,
  digits: number,
): Promise<Map<string, number>> {
  const report = await readProfitReport(reads, workspaceId, { from, to, granularity: 'day' });
  return new Map(
    report.series.map((point) => [
      point.start,
      parseDecimalToMinor(point.contributionMargin, digits) / 10 ** digits,
    ]),
  );
}

/**
 * Built-in KPI alerts: the last complete shop day's revenue, orders, AOV and contribution margin
 * (the /profit rollup, decision 010) against their 95 % interval — revenue against the forecast an
 * earlier analysis made for that day when there is one, otherwise (and for the others) against the
 * same weekday of the previous 8 weeks on which the shop had sales (orders, a count, against the
 * Poisson interval of that weekday mean); fewer than 4 such weeks are reported as too thin to judge.
 */
export async function kpiAnomalyConditions(
  reads: CachedReads,
  workspaceId: string,
  now: Date,
): Promise<AlertFindings> {
  const { db } = reads;
  const window = await readMetricWindow(db, workspaceId, 1, now);
  if (!window) return { conditions: [], thin: [] };
  const day = window.end;
  const digits = window.currencyDigits;
  const from = addDays(day, -7 * BASELINE_WEEKS);
  const [sales, contribution, forecast, firstDay] = await Promise.all([
    readDailySales(db, workspaceId, from, day),
    readDailyContribution(reads, workspaceId, from, day, digits),
    readForecastFor(db, workspaceId, day),
    readFirstSaleDay(db, workspaceId),
  ]);
  const today = sales.get(day);
  if (!today) return { conditions: [], thin: [] };
  // Earlier same weekdays since the shop's first sale (days before it are no history, not zeros).
  const weeks = Array.from({ length: BASELINE_WEEKS }, (_, i) => addDays(day, -7 * (i + 1))).filter(
    (d) => firstDay !== null && d >= firstDay,
  );
  const earlier = (key: keyof DaySales) => weeks.map((d) => sales.get(d)?.[key] ?? 0);
  const scale = 10 ** digits;
  const money = (major: number) => formatMoney(major, window.currency);
  const count = (n: number) => Math.round(n).toLocaleString('en-US');
  const check = (
    key: string,
    label: string,
    value: number,
    history: number[],
    show: (n: number) => string,
    options: { interval?: KpiInterval | null; floor?: number; link?: string; plural?: boolean } = {},
  ): DayCheck => ({
    rule: `forecast:${key}`,
    subject: day,
    label,
    plural: options.plural,
    day,
    value,
    interval: options.interval ?? weekdayBaselineInterval(history, options.floor),
    historyWeeks: history.length,
    show,
    link: options.link ?? '/insights',
  });
  return judgeDays([
    check(
      'revenue',
      'Revenue',
      today.revenue / scale,
      earlier('revenue').map((v) => v / scale),
      money,
      {
        interval: forecast,
      },
    ),
    check('orders', 'Orders', today.orders, earlier('orders'), count, {
      plural: true,
      interval: weekdayCountInterval(earlier('orders')),
    }),
    check(
      'aov',
      'Average order value',
      today.aov / scale,
      earlier('aov').map((v) => v / scale),
      money,
    ),
    check(
      'contribution-margin',
      'Contribution margin',
      contribution.get(day) ?? 0,
      weeks.map((d) => contribution.get(d) ?? 0),
      money,
      { floor: Number.NEGATIVE_INFINITY, link: '/profit' },
    ),
  ]);
}

const FirstSaleDayRow = z.object({ day: z.string().nullable() });

async function readFirstSaleDay(db: Db, workspaceId: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    FirstSaleDayRow,
    sql`SELECT min(o.order_date)::text AS day FROM wh_orders o WHERE ${validOrderOf(workspaceId)}`,
  );
  return row?.day ?? null;
}
