import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';

/**
 * The recalculation's set-based SQL (decision 037): re-freezing line costs and profile shipping
 * costs of a range of order days in the database, without carrying rows through the process. It
 * states the rules of the pure core functions the sync prices with (`orderCostPeriods` +
 * `resolveUnitCost`, `matchShippingProfile`); test/costs/recalculation-truth.test.ts holds both
 * to the same answer on every line.
 */

/**
 * A variant's cost in force as periods of days: the ledger's set of periods with
 * `effective_from <= day` changes only on an `effective_from`, so the winner on each such day
 * (the owner's periods before Shopify's, then the latest effective date, then the latest entry,
 * as `wh_cost_ledger_in_force_idx` orders them) holds until the variant's next one.
 */
const costSegments = (workspaceId: string) => sql`
  SELECT c.variant_id, c.day AS starts_on,
    lead(c.day) OVER (PARTITION BY c.variant_id ORDER BY c.day) AS ends_before,
    w.cost_minor, w.source
  FROM (SELECT DISTINCT variant_id, effective_from AS day FROM wh_cost_ledger
        WHERE workspace_id = ${workspaceId}) c
  CROSS JOIN LATERAL (
    SELECT l.cost_minor, l.source FROM wh_cost_ledger l
    WHERE l.workspace_id = ${workspaceId} AND l.variant_id = c.variant_id AND l.effective_from <= c.day
    ORDER BY l.rank DESC, l.effective_from DESC, l.created_at DESC, l.id DESC
    LIMIT 1) w`;

const RepriceLinesInRangeRow = z.object({ changed: z.number(), delta: z.string() });

/**
 * Re-freezes the cost of every line whose order day is in `from`..`to`: the ledger's cost in
 * force that day, else the default margin's estimate (price × (1 − margin), rounded half away
 * from zero in integer arithmetic, as `resolveUnitCost`), else none. Writes only the lines whose
 * cost, source or estimate flag changes; returns how many and Σ (new − old) × quantity.
 */
export async function repriceLinesInRange(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<{ changed: number; deltaMinor: number }> {
  const [row] = await queryRows(
    db,
    RepriceLinesInRangeRow,
    // MATERIALIZED: the segments are computed once per statement. Inlined, the planner joined a
    // step's few lines to them in a nested loop that re-ran the whole window and its per-variant
    // lookups for every line (a 53-line step: 8,480 ledger lookups, 565 ms; decision 239).
    sql`WITH segments AS MATERIALIZED (${costSegments(workspaceId)}),
      margin AS (
        SELECT round(default_margin_percent * 10000)::bigint AS e4 FROM profit_settings
        WHERE workspace_id = ${workspaceId} AND default_margin_percent IS NOT NULL),
      priced AS (
        SELECT li.line_item_id, li.quantity, li.unit_cost_minor AS old_cost,
          CASE WHEN s.variant_id IS NOT NULL THEN s.cost_minor
            WHEN m.e4 IS NOT NULL THEN
              (CASE WHEN li.unit_price_minor < 0 THEN -1 ELSE 1 END)
              * ((2 * abs(li.unit_price_minor) * (1000000 - m.e4) + 1000000) / 2000000)
          END AS cost,
          CASE WHEN s.variant_id IS NOT NULL THEN s.source WHEN m.e4 IS NOT NULL THEN 'default_margin' END
            AS source,
          s.variant_id IS NULL AND m.e4 IS NOT NULL AS estimated
        FROM wh_order_line_items li
        LEFT JOIN segments s ON s.variant_id = li.variant_id AND li.order_date >= s.starts_on
          AND (s.ends_before IS NULL OR li.order_date < s.ends_before)
        LEFT JOIN margin m ON true
        WHERE li.workspace_id = ${workspaceId} AND li.order_date BETWEEN ${from}::date AND ${to}::date),
      changed AS (
        UPDATE wh_order_line_items l
        SET unit_cost_minor = p.cost, cost_source = p.source, cost_estimated = p.estimated
        FROM priced p
        WHERE l.workspace_id = ${workspaceId} AND l.order_date BETWEEN ${from}::date AND ${to}::date
          AND l.line_item_id = p.line_item_id
          AND (l.unit_cost_minor, l.cost_source, l.cost_estimated) IS DISTINCT FROM (p.cost, p.source, p.estimated)
        RETURNING p.quantity, p.old_cost, p.cost)
      SELECT count(*)::float8 AS changed,
        coalesce(sum((coalesce(cost, 0) - coalesce(old_cost, 0)) * quantity), 0)::text AS delta
      FROM changed`,
  );
  return { changed: row?.changed ?? 0, deltaMinor: Number(row?.delta ?? 0) };
}

/**
 * Replaces the profile shipping cost of every order whose day is in `from`..`to` from the owner's
 * current shipping profiles (as `matchShippingProfile`: the order's weight, Σ quantity × variant
 * weight with unknown weights as 0 g, in a band [min, max) of its country, else of '*'; the
 * highest minimum wins). Orders no band matches keep none (the shipping charged stands in).
 */
export async function repriceProfileShippingInRange(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<void> {
  await db.execute(
    sql`DELETE FROM wh_order_shipping_costs s USING wh_orders o
        WHERE s.workspace_id = ${workspaceId} AND s.source = 'profile'
          AND o.workspace_id = s.workspace_id AND o.order_id = s.order_id
          AND o.order_date BETWEEN ${from}::date AND ${to}::date`,
  );
  await db.execute(
    sql`INSERT INTO wh_order_shipping_costs (workspace_id, order_id, source, cost_minor, weight_grams, order_date)
        SELECT o.workspace_id, o.order_id, 'profile', band.cost_minor, weight.grams, o.order_date
        FROM wh_orders o
        LEFT JOIN (
          SELECT li.order_id, sum(li.quantity * coalesce(v.weight_grams, 0))::integer AS grams
          FROM wh_order_line_items li
          LEFT JOIN wh_variants v ON v.workspace_id = li.workspace_id AND v.variant_id = li.variant_id
          WHERE li.workspace_id = ${workspaceId} AND li.order_date BETWEEN ${from}::date AND ${to}::date
          GROUP BY li.order_id) w ON w.order_id = o.order_id
        CROSS JOIN LATERAL (SELECT coalesce(w.grams, 0) AS grams) weight
        CROSS JOIN LATERAL (
          SELECT p.cost_minor FROM shipping_profiles p
          WHERE p.workspace_id = o.workspace_id AND (p.country = o.country_code OR p.country = '*')
            AND weight.grams >= p.min_grams AND (p.max_grams IS NULL OR weight.grams < p.max_grams)
          ORDER BY p.country = '*', p.min_grams DESC, p.id
          LIMIT 1) band
        WHERE o.workspace_id = ${workspaceId} AND o.order_date BETWEEN ${from}::date AND ${to}::date
          AND EXISTS (SELECT 1 FROM shipping_profiles WHERE workspace_id = ${workspaceId})
        ON CONFLICT (workspace_id, order_id, source) DO NOTHING`,
  );
}

const CountLinesPerDayRow = z.object({ day: z.string(), lines: z.number() });

/** Order lines per order day of `from`..`to` (days without lines are left out), in day order. */
export async function countLinesPerDay(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<Array<{ day: string; lines: number }>> {
  return queryRows(
    db,
    CountLinesPerDayRow,
    sql`SELECT order_date::text AS day, count(*)::float8 AS lines FROM wh_order_line_items
        WHERE workspace_id = ${workspaceId} AND order_date BETWEEN ${from}::date AND ${to}::date
        GROUP BY order_date ORDER BY order_date`,
  );
}
