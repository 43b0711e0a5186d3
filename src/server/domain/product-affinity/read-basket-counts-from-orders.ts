import { type SQL, sql } from 'drizzle-orm';
import { BASKET_THRESHOLDS } from '../../../core/baskets/thresholds.ts';
import type { BasketWindow } from '../../../core/baskets/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { SALE_ORDER } from '../contribution/contribution-sql.ts';
import { type BasketCounts, CountRow, toBasketCounts } from './basket-count-rows.ts';

/**
 * The window's sale orders (decision 010: not test, not cancelled), each with its customer's next
 * order (`next_id`, guests have none), whether it is a next order itself (`is_next`), its rank
 * among its customer's window orders (`k`) and their number — then each of those orders' products
 * with their line contribution as `basketLineContribution` defines it (decision 116): price ×
 * quantity − line discounts − refunded subtotals of refunds made up to `to` − (quantity × frozen
 * unit cost − frozen cost of restocked refunded units). Lines without a product are left out; an
 * order of only such lines still counts as a basket.
 *
 * Only the window's orders are read: a window order's next order is placed after it and by `to`,
 * and the 180 days after a first order placed in the window by `to`, so every order the counts
 * need is in the window (order days follow placing instants: both are the shop's day of
 * `created_at`). Whether a customer's first window order is their first ever is one probe of the
 * customer index per customer. Sums are float8, exact for integers below 2⁵³ (minor units of
 * 90 trillion dollars): they are by-value, where bigint sums carry a numeric state per group.
 */
function basketsCte(workspaceId: string, window: BasketWindow): SQL {
  return sql`sale AS MATERIALIZED (
      SELECT o.order_id, o.customer_id, o.order_date, row_number() OVER placed AS k,
        CASE WHEN o.customer_id IS NOT NULL THEN lead(o.order_id) OVER placed END AS next_id,
        o.customer_id IS NOT NULL AND row_number() OVER placed > 1 AS is_next,
        count(*) OVER (PARTITION BY o.customer_id) AS orders
      FROM wh_orders o
      WHERE o.workspace_id = ${workspaceId} AND ${SALE_ORDER}
        AND o.order_date BETWEEN ${window.from}::date AND ${window.to}::date
      WINDOW placed AS (PARTITION BY o.customer_id ORDER BY o.created_at, o.order_id)),
    refunded AS (
      SELECT rl.line_item_id, sum(rl.subtotal_minor)::bigint AS subtotal,
        sum(CASE WHEN rl.restocked THEN rl.quantity ELSE 0 END)::bigint AS restocked_units
      FROM wh_refund_line_items rl
      WHERE rl.workspace_id = ${workspaceId} AND rl.refund_date <= ${window.to}::date
      GROUP BY rl.line_item_id),
    lines AS MATERIALIZED (
      SELECT li.order_id, li.product_id AS product, s.next_id, s.is_next,
        sum((li.unit_price_minor * li.quantity - li.discount_minor - coalesce(r.subtotal, 0))::float8) AS revenue,
        sum((li.unit_price_minor * li.quantity - li.discount_minor - coalesce(r.subtotal, 0)
          - coalesce(li.unit_cost_minor, 0) * (li.quantity - coalesce(r.restocked_units, 0)))::float8) AS contribution
      FROM sale s
      JOIN wh_order_line_items li ON li.order_id = s.order_id
      LEFT JOIN refunded r ON r.line_item_id = li.line_item_id
      WHERE li.workspace_id = ${workspaceId} AND li.product_id IS NOT NULL
        AND li.order_date BETWEEN ${window.from}::date AND ${window.to}::date
      GROUP BY li.order_id, li.product_id, s.next_id, s.is_next
      ORDER BY li.order_id, li.product_id),
    firsts AS MATERIALIZED (
      SELECT s.customer_id, s.order_id, s.order_date, s.orders > 1 AS repeated,
        s.order_date <= ${window.to}::date - ${BASKET_THRESHOLDS.horizonDays}::int AS eligible
      FROM sale s
      WHERE s.customer_id IS NOT NULL AND s.k = 1 AND NOT EXISTS (
        SELECT 1 FROM wh_orders o WHERE o.workspace_id = ${workspaceId} AND o.customer_id = s.customer_id
          AND ${SALE_ORDER} AND o.order_date < ${window.from}::date))`;
}

/**
 * Basket analysis over a window straight from the orders (issue #44, decisions 123 and 144; since
 * decision 149 the reference the kept per-day read is tested against, no longer the endpoint's
 * read): one statement builds each
 * window order's products once (`lines`, sorted by order) and counts from it, in PostgreSQL, the
 * pairs bought together (a self-join of each order's products), "product → next order" (each
 * order's products against those of the customer's next order, whose id the order's row carries)
 * and the first-product table, and sends only those aggregates — a few thousand rows for a million
 * orders — for `src/core/baskets` to rank. Pairs seen together fewer than `minPairOrders` times are
 * dropped here already (the ranking drops them too); a pair's `a` is the smaller id as text. The
 * counting mirrors `pairAffinity`, `nextOrderAffinity` and `firstProductTable`, which stay the
 * definition; a test holds both equal on generated data. Run with 128 MB of sort memory: the
 * per-order sort of a million orders' lines stays in memory instead of spilling to disk.
 */
export async function readBasketCountsFromOrders(
  db: Db,
  workspaceId: string,
  window: BasketWindow,
): Promise<BasketCounts> {
  const floor = BASKET_THRESHOLDS.minPairOrders;
  const horizon = BASKET_THRESHOLDS.horizonDays;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
    return queryRows(
      tx,
      CountRow,
      sql`WITH ${basketsCte(workspaceId, window)},
        worth AS (
          SELECT f.customer_id, coalesce(sum(l.contribution), 0) AS contribution
          FROM firsts f JOIN sale s ON s.customer_id = f.customer_id AND s.order_date <= f.order_date + ${horizon}::int
          LEFT JOIN lines l ON l.order_id = s.order_id
          WHERE f.eligible GROUP BY f.customer_id),
        counted AS (
          SELECT 'baskets' AS kind, NULL::bigint AS a, NULL::bigint AS b, count(*) AS n,
              count(*) FILTER (WHERE next_id IS NOT NULL) AS steps, 0 AS nexts, 0::float8 AS contribution,
              0 AS repeat, 0 AS eligible, 0::float8 AS revenue
            FROM sale
          UNION ALL
          SELECT 'with', product, NULL, count(*), count(*) FILTER (WHERE next_id IS NOT NULL),
              count(*) FILTER (WHERE is_next), sum(contribution), 0, 0, sum(revenue)
            FROM lines GROUP BY product
          UNION ALL
          SELECT 'pair', x.product, y.product, count(*), 0, 0, sum(x.contribution + y.contribution), 0, 0, 0
            FROM lines x JOIN lines y ON y.order_id = x.order_id AND y.product > x.product
            GROUP BY x.product, y.product HAVING count(*) >= ${floor}
          UNION ALL
          SELECT 'next', x.product, y.product, count(*), 0, 0, sum(y.contribution), 0, 0, 0
            FROM lines x JOIN lines y ON y.order_id = x.next_id
            GROUP BY x.product, y.product HAVING count(*) >= ${floor}
          UNION ALL
          SELECT 'first', l.product, NULL, count(*), 0, 0, coalesce(sum(w.contribution), 0),
              count(*) FILTER (WHERE f.repeated), count(*) FILTER (WHERE f.eligible), 0
            FROM firsts f JOIN lines l ON l.order_id = f.order_id LEFT JOIN worth w ON w.customer_id = f.customer_id
            GROUP BY l.product)
        SELECT kind, n, steps, nexts, contribution, repeat, eligible, revenue,
          -- a bought-together pair is unordered: its a is the smaller id as text, as the core orders them
          CASE WHEN kind = 'pair' AND b::text COLLATE "C" < a::text COLLATE "C" THEN b ELSE a END::text AS a,
          CASE WHEN kind = 'pair' AND b::text COLLATE "C" < a::text COLLATE "C" THEN a ELSE b END::text AS b
        FROM counted`,
    );
  });
  return toBasketCounts(rows);
}
