import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, DAY_MS, localDayOf } from '../../../../shared/calendar.ts';
import type { DashboardToday } from '../../../../shared/contracts/webhooks.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { readProfitReport } from '../../../domain/profit/read-profit-report.ts';
import { readDeliveryState } from '../../../domain/sync/delivery-mode.ts';
import type { CachedReads } from '../../../http/deps.ts';

const DayFigures = z.object({
  orders: z.number(),
  gross: z.string().nullable(),
  refunds: z.string().nullable(),
  last_order_at: z.string().nullable(),
});
type DayFigures = z.infer<typeof DayFigures>;

/**
 * The figures of one shop day up to `until`: valid orders (not test, not cancelled) and their
 * totals, and refunds of valid orders on that day.
 */
async function readDay(db: Db, workspaceId: string, day: string, until: Date): Promise<DayFigures> {
  const untilIso = until.toISOString();
  const [row] = await queryRows(
    db,
    DayFigures,
    sql`WITH day_orders AS (
          SELECT o.order_id, o.total_minor, o.created_at FROM wh_orders o
          WHERE o.workspace_id = ${workspaceId} AND o.order_date = ${day}::date AND NOT o.test
            AND o.cancelled_at IS NULL AND o.created_at <= ${untilIso}::timestamptz
        )
        SELECT
          (SELECT count(*)::int FROM day_orders) AS orders,
          (SELECT sum(total_minor)::text FROM day_orders) AS gross,
          (SELECT max(created_at) FROM day_orders) AS last_order_at,
          (SELECT sum(r.amount_minor)::text FROM wh_refunds r
            JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
            WHERE r.workspace_id = ${workspaceId} AND r.refund_date = ${day}::date
              AND r.created_at <= ${untilIso}::timestamptz AND NOT o.test AND o.cancelled_at IS NULL) AS refunds`,
  );
  return row!;
}

const minor = (value: string | null) => (value === null ? 0 : Number(value));

const ShopRow = z.object({
  currency_code: z.string(),
  currency_digits: z.number(),
  iana_timezone: z.string(),
});

/**
 * GET /api/dashboard/today: the shop's current local day so far (partial) against the same day
 * last week up to the same time. Orders and revenue like the dashboard KPIs (order totals minus
 * refunds on the day); net sales and contribution margin are /api/profit's lines for today (one
 * computation, decision 088: no tax in sales, payment fees counted).
 */
export async function readToday(reads: CachedReads, workspaceId: string, now: Date): Promise<DashboardToday> {
  const { db } = reads;
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT currency_code, currency_digits, iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  const delivery = await readDeliveryState(db, workspaceId);
  const base = { mode: delivery.mode, modeReason: delivery.reason, asOf: now.toISOString() };
  if (!shop) {
    return {
      ...base,
      date: null,
      orders: 0,
      revenue: '0',
      currency: null,
      lastOrderAt: null,
      netSales: null,
      contributionMargin: null,
      lastWeek: null,
    };
  }
  const digits = shop.currency_digits;
  const today = localDayOf(now, shop.iana_timezone);
  const lastWeekDay = addDays(today, -7);
  const [current, previous, profit] = await Promise.all([
    readDay(db, workspaceId, today, now),
    readDay(db, workspaceId, lastWeekDay, new Date(now.getTime() - 7 * DAY_MS)),
    readProfitReport(reads, workspaceId, { from: today, to: today, granularity: 'day' }),
  ]);
  const revenue = minor(current.gross) - minor(current.refunds);
  return {
    ...base,
    date: today,
    orders: current.orders,
    revenue: minorToDecimal(revenue, digits),
    currency: shop.currency_code,
    lastOrderAt: current.last_order_at ? new Date(current.last_order_at).toISOString() : null,
    netSales: profit.totals.netSales,
    contributionMargin: profit.totals.contributionMargin,
    lastWeek: {
      date: lastWeekDay,
      orders: previous.orders,
      revenue: minorToDecimal(minor(previous.gross) - minor(previous.refunds), digits),
    },
  };
}
