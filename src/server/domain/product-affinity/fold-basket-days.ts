import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BASKET_THRESHOLDS } from '../../../core/baskets/thresholds.ts';
import { analyzeRewrittenTable } from '../../db/analyze-rewritten-table.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { SALE_ORDER } from '../contribution/contribution-sql.ts';

/**
 * The kept affinity rows (decision 149, migration 0710): `basket_orders` (each order as the fold
 * last saw it, with its customer's previous, next and first sale order) and `basket_day_counts`
 * (per shop day: baskets, each product's baskets, pairs bought together, product → next order,
 * first products — counts and float8 sums of line contribution with every refund known now), so
 * that a window's read is a sum over days (`readBasketCounts`).
 *
 * **What changed** is found by content, not by a clock: every order's fingerprint is a hash of its
 * day, placing instant, customer and sale state plus the sum of hashes of its lines (product,
 * quantity, price, discount, frozen cost) and of their refunded lines (date, quantity, amount,
 * restock). `synced_at` is the sync run's start, not the commit's, so a watermark on it could skip
 * a long sync's rows; a cost recalculation rewrites line costs without touching the order. The
 * fingerprint sees late orders, edits, cancellations, refunds and cost changes alike.
 *
 * **Which days** a changed order dirties (its old and new row): its own day (its counts), its
 * previous order's day (that order's next-order pairs hold this order's products and
 * contribution) and its customer's first order's day (the first-product row holds the customer's
 * 180-day contribution and whether a second order exists). A neighbour whose previous/next order
 * changed differs itself, so its day is dirty too. Those days' rows are deleted and recomputed
 * from the warehouse; a first fold dirties every day.
 */

/** One statement's scratch: the orders as they are now, the changed ones, the dirty days. */
const freshOrders = (workspaceId: string) => sql`
  CREATE TEMP TABLE basket_fresh ON COMMIT DROP AS
  WITH refunded AS (
    SELECT rl.line_item_id,
      sum(hashtext(concat_ws('|', rl.refund_id, rl.refund_date, rl.quantity, rl.subtotal_minor, rl.restocked))::bigint) AS h
    FROM wh_refund_line_items rl WHERE rl.workspace_id = ${workspaceId} GROUP BY rl.line_item_id),
  line_hash AS (
    SELECT li.order_id, sum(hashtext(concat_ws('|', li.line_item_id, li.product_id, li.quantity, li.unit_price_minor,
        li.discount_minor, li.unit_cost_minor))::bigint + coalesce(r.h, 0)) AS h
    FROM wh_order_line_items li LEFT JOIN refunded r ON r.line_item_id = li.line_item_id
    WHERE li.workspace_id = ${workspaceId} GROUP BY li.order_id),
  orders AS (
    SELECT o.order_id, o.order_date, o.customer_id, o.created_at, (${SALE_ORDER}) AS sale,
      hashtext(concat_ws('|', o.order_date, o.created_at, o.customer_id, ${SALE_ORDER}))::bigint
        + coalesce(lh.h, 0) AS fingerprint
    FROM wh_orders o LEFT JOIN line_hash lh ON lh.order_id = o.order_id
    WHERE o.workspace_id = ${workspaceId})
  SELECT order_id, order_date, customer_id, sale, fingerprint,
    CASE WHEN sale AND customer_id IS NOT NULL THEN lag(order_id) OVER seq END AS prev_id,
    CASE WHEN sale AND customer_id IS NOT NULL THEN lag(order_date) OVER seq END AS prev_date,
    CASE WHEN sale AND customer_id IS NOT NULL THEN lead(order_id) OVER seq END AS next_id,
    CASE WHEN sale AND customer_id IS NOT NULL THEN lead(order_date) OVER seq END AS next_date,
    CASE WHEN sale AND customer_id IS NOT NULL THEN first_value(order_id) OVER seq END AS first_id,
    CASE WHEN sale AND customer_id IS NOT NULL THEN first_value(order_date) OVER seq END AS first_date
  FROM orders
  WINDOW seq AS (PARTITION BY customer_id, sale ORDER BY created_at, order_id)`;

const changedOrders = (workspaceId: string) => sql`
  CREATE TEMP TABLE basket_changed ON COMMIT DROP AS
  SELECT coalesce(n.order_id, k.order_id) AS order_id, n.order_id IS NOT NULL AS present,
    k.order_date AS old_date, n.order_date AS new_date, k.prev_date AS old_prev, n.prev_date AS new_prev,
    k.first_date AS old_first, n.first_date AS new_first
  FROM basket_fresh n
  FULL JOIN (SELECT * FROM basket_orders WHERE workspace_id = ${workspaceId}) k ON k.order_id = n.order_id
  WHERE (n.order_date, n.customer_id, n.sale, n.fingerprint, n.prev_id, n.prev_date, n.next_id, n.next_date,
      n.first_id, n.first_date)
    IS DISTINCT FROM (k.order_date, k.customer_id, k.sale, k.fingerprint, k.prev_id, k.prev_date, k.next_id,
      k.next_date, k.first_id, k.first_date)`;

const dirtyDays = sql`
  CREATE TEMP TABLE basket_dirty ON COMMIT DROP AS
  SELECT DISTINCT day FROM basket_changed,
    LATERAL unnest(ARRAY[old_date, new_date, old_prev, new_prev, old_first, new_first]) AS day
  WHERE day IS NOT NULL`;

/**
 * The dirty days' rows, from the warehouse, as `readBasketCounts` defined them before (decisions
 * 116, 123, 144) but with each order's customer's whole history: its next order wherever it falls,
 * every refund known now, and for a first order the contribution of its customer's sale orders in
 * the 180 days from it (whether or not they are over yet; the read keeps only first orders whose
 * 180 days ended by its window's end).
 */
const insertDays = (workspaceId: string) => sql`
  INSERT INTO basket_day_counts (workspace_id, level, day, kind, a, b, n, steps, nexts, repeat, contribution, revenue)
  WITH o AS MATERIALIZED (
    SELECT k.* FROM basket_orders k JOIN basket_dirty d ON d.day = k.order_date
    WHERE k.workspace_id = ${workspaceId} AND k.sale),
  worth_orders AS MATERIALIZED (
    SELECT f.order_id AS first_id, k.order_id
    FROM o f JOIN basket_orders k ON k.workspace_id = ${workspaceId} AND k.customer_id = f.customer_id AND k.sale
      AND k.order_date <= f.order_date + ${BASKET_THRESHOLDS.horizonDays}::int
    WHERE f.customer_id IS NOT NULL AND f.prev_id IS NULL),
  need AS (
    SELECT order_id FROM o UNION SELECT next_id FROM o WHERE next_id IS NOT NULL
    UNION SELECT order_id FROM worth_orders),
  refunded AS (
    SELECT rl.line_item_id, sum(rl.subtotal_minor)::bigint AS subtotal,
      sum(CASE WHEN rl.restocked THEN rl.quantity ELSE 0 END)::bigint AS restocked_units
    FROM wh_refund_line_items rl WHERE rl.workspace_id = ${workspaceId} GROUP BY rl.line_item_id),
  lines AS MATERIALIZED (
    SELECT li.order_id, li.product_id AS product,
      sum((li.unit_price_minor * li.quantity - li.discount_minor - coalesce(r.subtotal, 0))::float8) AS revenue,
      sum((li.unit_price_minor * li.quantity - li.discount_minor - coalesce(r.subtotal, 0)
        - coalesce(li.unit_cost_minor, 0) * (li.quantity - coalesce(r.restocked_units, 0)))::float8) AS contribution
    FROM need JOIN wh_order_line_items li ON li.workspace_id = ${workspaceId} AND li.order_id = need.order_id
    LEFT JOIN refunded r ON r.line_item_id = li.line_item_id
    WHERE li.product_id IS NOT NULL
    GROUP BY li.order_id, li.product_id),
  worth AS (
    SELECT w.first_id, sum(l.contribution) AS contribution
    FROM worth_orders w JOIN lines l ON l.order_id = w.order_id GROUP BY w.first_id)
  SELECT ${workspaceId}::uuid, CASE WHEN kind = 4 THEN 3 ELSE 0 END, day, kind, a, b, n, steps, nexts, repeat,
    contribution, revenue FROM (
    SELECT o.order_date AS day, 0 AS kind, 0::bigint AS a, 0::bigint AS b, count(*) AS n, count(o.next_id) AS steps,
        0 AS nexts, 0 AS repeat, 0::float8 AS contribution, 0::float8 AS revenue
      FROM o GROUP BY o.order_date
    UNION ALL
    SELECT o.order_date, 1, l.product, 0, count(*), count(o.next_id), count(o.prev_id), 0, sum(l.contribution),
        sum(l.revenue)
      FROM o JOIN lines l ON l.order_id = o.order_id GROUP BY o.order_date, l.product
    UNION ALL
    SELECT o.order_date, 2, x.product, y.product, count(*), 0, 0, 0, sum(x.contribution + y.contribution), 0
      FROM o JOIN lines x ON x.order_id = o.order_id JOIN lines y ON y.order_id = o.order_id AND y.product > x.product
      GROUP BY o.order_date, x.product, y.product
    UNION ALL
    SELECT o.order_date, 3, x.product, y.product, count(*), 0, 0, 0, sum(y.contribution), 0
      FROM o JOIN lines x ON x.order_id = o.order_id JOIN lines y ON y.order_id = o.next_id
      GROUP BY o.order_date, x.product, y.product
    UNION ALL
    SELECT f.order_date, 4, l.product, 0, count(*), 0, 0, count(f.next_id), coalesce(sum(w.contribution), 0), 0
      FROM o f JOIN lines l ON l.order_id = f.order_id LEFT JOIN worth w ON w.first_id = f.order_id
      WHERE f.customer_id IS NOT NULL AND f.prev_id IS NULL
      GROUP BY f.order_date, l.product) counted`;

/**
 * The calendar months (level 1, from the days) or years (level 2, from the months) holding a
 * dirty day, summed again: a window's read takes whole years and months from them and only its
 * edge days from the days (`coverWindow`). First products stay per day, at a level of their own
 * (3), so a window's are one index range (their 180 days are judged against its end day by day).
 */
const periodSums = (workspaceId: string, level: 1 | 2, unit: 'month' | 'year') => {
  const periods = sql`SELECT DISTINCT date_trunc(${unit}, day)::date AS day FROM basket_dirty`;
  return [
    sql`DELETE FROM basket_day_counts WHERE workspace_id = ${workspaceId} AND level = ${level} AND day IN (${periods})`,
    sql`INSERT INTO basket_day_counts (workspace_id, level, day, kind, a, b, n, steps, nexts, repeat, contribution,
        revenue)
      SELECT ${workspaceId}::uuid, ${level}, p.day, k.kind, k.a, k.b, sum(k.n), sum(k.steps), sum(k.nexts),
        sum(k.repeat), sum(k.contribution), sum(k.revenue)
      FROM (${periods}) p JOIN basket_day_counts k ON k.workspace_id = ${workspaceId} AND k.level = ${level - 1}
        AND k.day >= p.day AND k.day < p.day + ${sql.raw(`interval '1 ${unit}'`)}
      GROUP BY p.day, k.kind, k.a, k.b`,
  ];
};

const FoldRow = z.object({ version: z.string().nullable() });
const CountRow = z.object({ changed: z.coerce.number(), days: z.coerce.number() });

/** What one fold did: orders seen changed and days recomputed (0 and 0 when it was current). */
export interface BasketFold {
  changedOrders: number;
  dirtyDays: number;
}

/**
 * Brings a workspace's kept affinity rows up to its warehouse, in one transaction under a
 * per-workspace advisory lock (readers see the previous rows until it commits). `version` is the
 * warehouse version (`readRollupVersions`): when the rows were folded at it, nothing is read;
 * null (no sync ever ran: a warehouse filled by other means) always compares the fingerprints.
 * JIT off and 128 MB of sort memory, as the read before it (decision 144).
 */
export async function foldBasketDays(
  db: Db,
  workspaceId: string,
  version: string | null,
): Promise<BasketFold> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`basket-days:${workspaceId}`}))`);
    if (version !== null) {
      const [state] = await queryRows(
        tx,
        FoldRow,
        sql`SELECT version FROM basket_fold_state WHERE workspace_id = ${workspaceId}`,
      );
      if (state?.version === version) return { changedOrders: 0, dirtyDays: 0 };
    }
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
    await tx.execute(freshOrders(workspaceId));
    await tx.execute(changedOrders(workspaceId));
    await tx.execute(dirtyDays);
    const [count] = await queryRows(
      tx,
      CountRow,
      sql`SELECT (SELECT count(*) FROM basket_changed) AS changed, (SELECT count(*) FROM basket_dirty) AS days`,
    );
    const fold = { changedOrders: count?.changed ?? 0, dirtyDays: count?.days ?? 0 };
    if (fold.changedOrders > 0) {
      await tx.execute(sql`DELETE FROM basket_orders k USING basket_changed c
        WHERE k.workspace_id = ${workspaceId} AND k.order_id = c.order_id`);
      await tx.execute(sql`INSERT INTO basket_orders (workspace_id, order_id, order_date, customer_id, sale,
          fingerprint, prev_id, prev_date, next_id, next_date, first_id, first_date)
        SELECT ${workspaceId}::uuid, n.order_id, n.order_date, n.customer_id, n.sale, n.fingerprint, n.prev_id,
          n.prev_date, n.next_id, n.next_date, n.first_id, n.first_date
        FROM basket_fresh n JOIN basket_changed c ON c.order_id = n.order_id`);
      // The day counts read basket_orders back: plan them on the rows now there (decision 247).
      await analyzeRewrittenTable(tx, 'basket_orders', fold.changedOrders);
      await tx.execute(sql`DELETE FROM basket_day_counts k USING basket_dirty d
        WHERE k.workspace_id = ${workspaceId} AND k.level IN (0, 3) AND k.day = d.day`);
      await tx.execute(insertDays(workspaceId));
      for (const statement of [...periodSums(workspaceId, 1, 'month'), ...periodSums(workspaceId, 2, 'year')])
        await tx.execute(statement);
    }
    await tx.execute(sql`INSERT INTO basket_fold_state (workspace_id, version, folded_at)
      VALUES (${workspaceId}, ${version}, now())
      ON CONFLICT (workspace_id) DO UPDATE SET version = EXCLUDED.version, folded_at = EXCLUDED.folded_at`);
    return fold;
  });
}
