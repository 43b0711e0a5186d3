import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, DAY_MS, localDayOf } from '../../../../shared/calendar.ts';
import type { DashboardToday } from '../../../../shared/contracts/webhooks.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { readDeliveryState } from '../queries/delivery-mode.ts';

const DayFigures = z.object({
  orders: z.number(),
  gross: z.string().nullable(),
  refunds: z.string().nullable(),
  last_order_at: z.string().nullable(),
  cogs: z.string().nullable(),
  uncosted: z.number(),
  shipping: z.string().nullable(),
  spend: z.string().nullable(),
});
type DayFigures = z.infer<typeof DayFigures>;

/**
 * The figures of one shop day up to `until`: valid orders (not test, not cancelled) and their
 * totals, refunds of valid orders on that day, the cost of goods of the day's lines (and how many
 * lines have no cost), their shipping cost (imported, else profile) and the day's Meta spend.
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
              AND r.created_at <= ${untilIso}::timestamptz AND NOT o.test AND o.cancelled_at IS NULL) AS refunds,
          (SELECT sum(l.quantity * l.unit_cost_minor)::text FROM wh_order_line_items l
            JOIN day_orders d ON d.order_id = l.order_id WHERE l.workspace_id = ${workspaceId}) AS cogs,
          (SELECT count(*)::int FROM wh_order_line_items l JOIN day_orders d ON d.order_id = l.order_id
            WHERE l.workspace_id = ${workspaceId} AND l.unit_cost_minor IS NULL) AS uncosted,
          (SELECT sum(coalesce(
              (SELECT s.cost_minor FROM wh_order_shipping_costs s WHERE s.workspace_id = ${workspaceId}
                AND s.order_id = d.order_id ORDER BY (s.source = 'import') DESC LIMIT 1), 0))::text
            FROM day_orders d) AS shipping,
          (SELECT sum(m.spend_minor)::text FROM wh_meta_daily_insights m
            WHERE m.workspace_id = ${workspaceId} AND m.date = ${day}::date) AS spend`,
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
 * GET /api/dashboard/today: the shop's current local day so far against the same day last week up
 * to the same time. Net sales like the dashboard KPIs (order totals minus refunds on the day);
 * the contribution margin is estimated (net sales − cost of goods − shipping cost − Meta spend;
 * payment fees come with the next sync) and null while any of today's lines has no cost.
 */
export async function readToday(db: Db, workspaceId: string, now: Date): Promise<DashboardToday> {
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
      contributionMargin: null,
      lastWeek: null,
    };
  }
  const digits = shop.currency_digits;
  const today = localDayOf(now, shop.iana_timezone);
  const lastWeekDay = addDays(today, -7);
  const [current, previous] = await Promise.all([
    readDay(db, workspaceId, today, now),
    readDay(db, workspaceId, lastWeekDay, new Date(now.getTime() - 7 * DAY_MS)),
  ]);
  const revenue = minor(current.gross) - minor(current.refunds);
  const margin =
    current.orders > 0 && current.uncosted === 0
      ? revenue - minor(current.cogs) - minor(current.shipping) - minor(current.spend)
      : null;
  return {
    ...base,
    date: today,
    orders: current.orders,
    revenue: minorToDecimal(revenue, digits),
    currency: shop.currency_code,
    lastOrderAt: current.last_order_at ? new Date(current.last_order_at).toISOString() : null,
    contributionMargin: margin === null ? null : minorToDecimal(margin, digits),
    lastWeek: {
      date: lastWeekDay,
      orders: previous.orders,
      revenue: minorToDecimal(minor(previous.gross) - minor(previous.refunds), digits),
    },
  };
}
