import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { CREDIT_COLUMNS } from '../metrics/load-attribution.ts';

/**
 * What decides an order's (alias `o`) channels and campaigns, as one JSON text: the key the facts
 * group orders by, stored once per group (load-analysis-facts.ts's JourneyKey reads it).
 */
export const ORDER_JOURNEY =
  sql.raw(`json_build_array(o.utm_source, o.utm_medium, o.source_type, o.utm_campaign,
  o.first_utm_source, o.first_utm_medium, o.first_source_type, o.first_utm_campaign,
  o.moments_count IS NOT NULL OR o.source_type IS NOT NULL)::text`);

/** The columns of wh_fact_refund_days that CREDIT_COLUMNS fills (named as on wh_orders, same order). */
const CREDIT_FACT_COLUMNS = sql.raw(`has_journey, utm_source, utm_medium, source_type, utm_campaign,
  first_utm_source, first_utm_medium, first_source_type, first_utm_campaign`);

const DayRow = z.object({ day: z.string() });
const CustomerIdsRow = z.object({ ids: z.string().nullable() });

/**
 * Brings a workspace's fact tables (migration 0430, decision 084) up to date: takes the order
 * days and customers that writes marked since the last refresh and recomputes exactly their rows
 * from the warehouse, in one transaction under a per-workspace advisory lock (two runs of one
 * workspace on two instances take turns; the second finds the marks gone). A write committed
 * while this runs keeps its mark for the next refresh. The sums are the ones the analysis read
 * from the whole warehouse before: valid orders (not test, not cancelled) only, their refunds by
 * refund day.
 */
export async function refreshAnalysisFacts(db: Db, workspaceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`analysis-fact-days:${workspaceId}`}))`);
    await refreshCustomers(tx, workspaceId);
    const marked = await queryRows(
      tx,
      DayRow,
      sql`WITH taken AS (DELETE FROM wh_fact_dirty_days WHERE workspace_id = ${workspaceId} RETURNING order_date)
          SELECT DISTINCT order_date::text AS day FROM taken`,
    );
    if (marked.length === 0) return;
    const dayList = `{${marked.map((row) => row.day).join(',')}}`;
    const inDays = (column: string) => sql`${sql.raw(column)} = ANY(${dayList}::date[])`;
    const validOrder = sql`o.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL`;
    for (const table of [
      'wh_fact_order_days',
      'wh_fact_order_landings',
      'wh_fact_variant_days',
      'wh_fact_refund_days',
    ])
      await tx.execute(
        sql`DELETE FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId} AND ${inDays('order_date')}`,
      );
    await tx.execute(sql`
      INSERT INTO wh_fact_order_days (workspace_id, order_date, journey, orders, total_minor)
      SELECT ${workspaceId}::uuid, o.order_date, ${ORDER_JOURNEY}, count(*), sum(o.total_minor)
      FROM wh_orders o
      WHERE ${validOrder} AND ${inDays('o.order_date')}
      GROUP BY 2, 3`);
    // Only what can decide a campaign's advertised product: a journey naming a campaign (the
    // credited visit's campaign is one of the two) and a product landing page (the core's
    // productHandleOf decides, when the facts are read).
    await tx.execute(sql`
      INSERT INTO wh_fact_order_landings (workspace_id, order_date, journey, landing_page, orders)
      SELECT ${workspaceId}::uuid, o.order_date, ${ORDER_JOURNEY}, o.landing_page, count(*)
      FROM wh_orders o
      WHERE ${validOrder} AND ${inDays('o.order_date')}
        AND (o.utm_campaign IS NOT NULL OR o.first_utm_campaign IS NOT NULL)
        AND o.landing_page LIKE '%/products/%'
      GROUP BY 2, 3, 4`);
    // Lines by their own order day (the sync writes their order's), as they are marked.
    await tx.execute(sql`
      INSERT INTO wh_fact_variant_days (workspace_id, order_date, variant_id, units, revenue_minor)
      SELECT ${workspaceId}::uuid, li.order_date, li.variant_id, sum(li.quantity),
        sum(li.unit_price_minor * li.quantity - li.discount_minor)
      FROM wh_order_line_items li
      JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
      WHERE li.workspace_id = ${workspaceId} AND ${inDays('li.order_date')} AND ${validOrder}
        AND li.variant_id IS NOT NULL
      GROUP BY 2, 3`);
    // Refunds of orders that count as sales only, as the dashboard KPIs: a cancelled or test
    // order's refund would otherwise be subtracted from revenue that never counted.
    await tx.execute(sql`
      INSERT INTO wh_fact_refund_days (workspace_id, order_date, refund_date, ${CREDIT_FACT_COLUMNS}, amount_minor)
      SELECT ${workspaceId}::uuid, o.order_date, r.refund_date, ${CREDIT_COLUMNS}, sum(r.amount_minor)
      FROM wh_refunds r
      JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
      WHERE r.workspace_id = ${workspaceId} AND ${validOrder} AND ${inDays('o.order_date')}
      GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`);
  });
}

/**
 * The marked customers' ledger rows: each one's valid orders packed in one string (decision 083),
 * or no row once none is left. Packing per customer in the database is what a million order rows
 * cost a run; kept, a run reads a hundred thousand short rows.
 */
async function refreshCustomers(tx: Db, workspaceId: string): Promise<void> {
  const [marked] = await queryRows(
    tx,
    CustomerIdsRow,
    sql`WITH taken AS (DELETE FROM wh_fact_dirty_customers WHERE workspace_id = ${workspaceId} RETURNING customer_id)
        SELECT '{' || string_agg(DISTINCT customer_id::text, ',') || '}' AS ids FROM taken`,
  );
  if (!marked?.ids) return;
  await tx.execute(
    sql`DELETE FROM wh_fact_customer_orders WHERE workspace_id = ${workspaceId} AND customer_id = ANY(${marked.ids}::bigint[])`,
  );
  await tx.execute(sql`
    INSERT INTO wh_fact_customer_orders (workspace_id, customer_id, orders)
    SELECT ${workspaceId}::uuid, o.customer_id,
      string_agg((o.order_date - DATE '1970-01-01')::text || ' ' || o.total_minor::text, ',')
    FROM unnest(${marked.ids}::bigint[]) AS c(customer_id)
    JOIN wh_orders o ON o.workspace_id = ${workspaceId} AND o.customer_id = c.customer_id
    WHERE NOT o.test AND o.cancelled_at IS NULL
    GROUP BY o.customer_id`);
}
