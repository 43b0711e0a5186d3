import { sql } from 'drizzle-orm';
import { coverWindow } from '../../../core/baskets/cover-window.ts';
import { BASKET_THRESHOLDS } from '../../../core/baskets/thresholds.ts';
import type { BasketWindow } from '../../../core/baskets/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readRollupVersions } from '../profit/profit-queries.ts';
import { type BasketCounts, CountRow, toBasketCounts } from './basket-count-rows.ts';
import { foldBasketDays } from './fold-basket-days.ts';

/**
 * Basket analysis over a window (issue #44, decisions 123, 144 and 149): the kept per-day rows
 * (`foldBasketDays`, brought up to the warehouse first) summed over the window's days, plus the
 * corrections for what a day row cannot know about a window — so the answer is exactly what
 * `readBasketCountsFromOrders` counts from the orders (a test holds both equal):
 *
 * - **Refunds made after `to`** of the window's orders are in the kept sums (every refund known at
 *   the fold); each such refunded line gives back its subtotal less the frozen cost of its
 *   restocked units to its product, to every pair of its order, to the next-order pair from the
 *   customer's previous order (when that is in the window) and to the first product of its
 *   customer (when the 180 days of a first order in the window ended by `to` and hold it).
 * - **A next order after `to`**: a window order whose next order is later counts no step, no
 *   next-order pair and, for a first order, no repeat.
 * - **A previous order before `from`**: a window order whose previous order is earlier is not a
 *   next order in the window.
 * - **First products**: their 180-day contribution and "eligible" count only first orders placed
 *   by `to` − 180 days.
 *
 * The window's whole calendar years and months come from their kept sums, its other days from the
 * days (`coverWindow`), first products always from the days.
 *
 * The corrections read only the window's edge orders (an index range on `basket_orders`) and the
 * refunds dated after `to` (the refund-date index): none for a window from a store's first day
 * to its last. Pairs seen together fewer than `minPairOrders` times are dropped after the sum.
 */
export async function readBasketCounts(
  db: Db,
  workspaceId: string,
  window: BasketWindow,
): Promise<BasketCounts> {
  const { current } = await readRollupVersions(db, workspaceId);
  await foldBasketDays(db, workspaceId, current);
  return readKeptBasketCounts(db, workspaceId, window);
}

/** The read alone, over rows already folded (the bench times it apart from the fold). */
export async function readKeptBasketCounts(
  db: Db,
  workspaceId: string,
  { from, to }: BasketWindow,
): Promise<BasketCounts> {
  const floor = BASKET_THRESHOLDS.minPairOrders;
  const horizon = BASKET_THRESHOLDS.horizonDays;
  const eligibleBy = sql`${to}::date - ${horizon}::int`;
  const cover = coverWindow(from, to);
  const days = (list: string[]) => sql`${`{${list.join(',')}}`}::date[]`;
  const rows = await queryRows(
    db,
    CountRow,
    sql`WITH kept AS (
        SELECT kind, a, b, sum(n) AS n, sum(steps) AS steps, sum(nexts) AS nexts, sum(repeat) AS repeat,
          coalesce(sum(n) FILTER (WHERE day <= ${eligibleBy}), 0) AS eligible,
          CASE WHEN kind = 4 THEN coalesce(sum(contribution) FILTER (WHERE day <= ${eligibleBy}), 0)
            ELSE sum(contribution) END AS contribution,
          sum(revenue) AS revenue
        FROM (
          SELECT * FROM basket_day_counts
          WHERE workspace_id = ${workspaceId} AND level = 0 AND day = ANY(${days(cover.days)})
          UNION ALL
          SELECT * FROM basket_day_counts
          WHERE workspace_id = ${workspaceId} AND level = 1 AND day = ANY(${days(cover.months)})
          UNION ALL
          SELECT * FROM basket_day_counts
          WHERE workspace_id = ${workspaceId} AND level = 2 AND day = ANY(${days(cover.years)})
          UNION ALL
          SELECT * FROM basket_day_counts
          WHERE workspace_id = ${workspaceId} AND level = 3 AND day BETWEEN ${from}::date AND ${to}::date) k
        GROUP BY kind, a, b),
      edge AS MATERIALIZED (
        SELECT * FROM basket_orders
        WHERE workspace_id = ${workspaceId} AND sale AND order_date BETWEEN ${from}::date AND ${to}::date
          AND (next_date > ${to}::date OR prev_date < ${from}::date)),
      late AS MATERIALIZED (
        SELECT li.order_id, li.product_id AS product, sum(rl.subtotal_minor)::float8 AS revenue,
          sum(rl.subtotal_minor
            - CASE WHEN rl.restocked THEN rl.quantity ELSE 0 END * coalesce(li.unit_cost_minor, 0))::float8 AS contribution
        FROM wh_refund_line_items rl
        JOIN wh_order_line_items li ON li.workspace_id = rl.workspace_id AND li.line_item_id = rl.line_item_id
        JOIN basket_orders k ON k.workspace_id = li.workspace_id AND k.order_id = li.order_id AND k.sale
          AND k.order_date BETWEEN ${from}::date AND ${to}::date
        WHERE rl.workspace_id = ${workspaceId} AND rl.refund_date > ${to}::date AND li.product_id IS NOT NULL
        GROUP BY li.order_id, li.product_id),
      late_orders AS MATERIALIZED (
        SELECT k.* FROM basket_orders k
        WHERE k.workspace_id = ${workspaceId} AND k.order_id IN (SELECT order_id FROM late)),
      need AS (
        SELECT order_id FROM edge UNION SELECT next_id FROM edge WHERE next_date > ${to}::date
        UNION SELECT order_id FROM late_orders
        UNION SELECT prev_id FROM late_orders WHERE prev_date >= ${from}::date
        UNION SELECT first_id FROM late_orders WHERE first_date BETWEEN ${from}::date AND ${eligibleBy}),
      refunded AS (
        SELECT rl.line_item_id, sum(rl.subtotal_minor)::bigint AS subtotal,
          sum(CASE WHEN rl.restocked THEN rl.quantity ELSE 0 END)::bigint AS restocked_units
        FROM wh_refund_line_items rl
        WHERE rl.workspace_id = ${workspaceId}
          AND rl.line_item_id IN (SELECT li.line_item_id FROM wh_order_line_items li
            WHERE li.workspace_id = ${workspaceId} AND li.order_id IN (SELECT order_id FROM need))
        GROUP BY rl.line_item_id),
      lines AS MATERIALIZED (
        SELECT li.order_id, li.product_id AS product,
          sum((li.unit_price_minor * li.quantity - li.discount_minor - coalesce(r.subtotal, 0)
            - coalesce(li.unit_cost_minor, 0) * (li.quantity - coalesce(r.restocked_units, 0)))::float8) AS contribution
        FROM wh_order_line_items li LEFT JOIN refunded r ON r.line_item_id = li.line_item_id
        WHERE li.workspace_id = ${workspaceId} AND li.product_id IS NOT NULL
          AND li.order_id IN (SELECT order_id FROM need)
        GROUP BY li.order_id, li.product_id),
      corrections (kind, a, b, n, steps, nexts, repeat, eligible, contribution, revenue) AS (
        SELECT 0, 0::bigint, 0::bigint, 0::bigint, -count(*), 0::bigint, 0::bigint, 0::bigint, 0::float8, 0::float8
          FROM edge WHERE next_date > ${to}::date HAVING count(*) > 0
        UNION ALL
        SELECT 1, l.product, 0, 0, -count(*) FILTER (WHERE e.next_date > ${to}::date),
            -count(*) FILTER (WHERE e.prev_date < ${from}::date), 0, 0, 0, 0
          FROM edge e JOIN lines l ON l.order_id = e.order_id GROUP BY l.product
        UNION ALL
        SELECT 3, x.product, y.product, -count(*), 0, 0, 0, 0, -sum(y.contribution), 0
          FROM edge e JOIN lines x ON x.order_id = e.order_id JOIN lines y ON y.order_id = e.next_id
          WHERE e.next_date > ${to}::date GROUP BY x.product, y.product
        UNION ALL
        SELECT 4, l.product, 0, 0, 0, 0, -count(*), 0, 0, 0
          FROM edge e JOIN lines l ON l.order_id = e.order_id
          WHERE e.next_date > ${to}::date AND e.customer_id IS NOT NULL AND e.prev_id IS NULL GROUP BY l.product
        UNION ALL
        SELECT 1, product, 0, 0, 0, 0, 0, 0, sum(contribution), sum(revenue) FROM late GROUP BY product
        UNION ALL
        SELECT 2, least(d.product, q.product), greatest(d.product, q.product), 0, 0, 0, 0, 0, sum(d.contribution), 0
          FROM late d JOIN lines q ON q.order_id = d.order_id AND q.product <> d.product GROUP BY 2, 3
        UNION ALL
        SELECT 3, x.product, d.product, 0, 0, 0, 0, 0, sum(d.contribution), 0
          FROM late d JOIN late_orders k ON k.order_id = d.order_id AND k.prev_date >= ${from}::date
          JOIN lines x ON x.order_id = k.prev_id GROUP BY x.product, d.product
        UNION ALL
        SELECT 4, f.product, 0, 0, 0, 0, 0, 0, sum(d.contribution), 0
          FROM late d JOIN late_orders k ON k.order_id = d.order_id
            AND k.first_date BETWEEN ${from}::date AND ${eligibleBy} AND k.order_date <= k.first_date + ${horizon}::int
          JOIN lines f ON f.order_id = k.first_id GROUP BY f.product),
      counted AS (
        SELECT kind, a, b, sum(n) AS n, sum(steps) AS steps, sum(nexts) AS nexts, sum(repeat) AS repeat,
          sum(eligible) AS eligible, sum(contribution) AS contribution, sum(revenue) AS revenue
        FROM (SELECT * FROM kept UNION ALL SELECT * FROM corrections) x
        GROUP BY kind, a, b
        HAVING kind NOT IN (2, 3) OR sum(n) >= ${floor})
      SELECT (ARRAY['baskets', 'with', 'pair', 'next', 'first'])[kind + 1] AS kind, n, steps, nexts, contribution,
        repeat, eligible, revenue,
        CASE WHEN kind = 0 THEN NULL WHEN kind = 2 AND b::text COLLATE "C" < a::text COLLATE "C" THEN b ELSE a END::text AS a,
        CASE WHEN kind IN (0, 1, 4) THEN NULL WHEN kind = 2 AND b::text COLLATE "C" < a::text COLLATE "C" THEN a ELSE b END::text AS b
      FROM counted`,
  );
  return toBasketCounts(rows);
}
