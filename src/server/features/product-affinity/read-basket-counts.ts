import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PairCount } from '../../../core/baskets/rank-affinities.ts';
import type { FirstProductCount } from '../../../core/baskets/rank-first-products.ts';
import { BASKET_THRESHOLDS } from '../../../core/baskets/thresholds.ts';
import type { BasketWindow } from '../../../core/baskets/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { SALE_ORDER } from '../../domain/contribution/contribution-sql.ts';

/** The counts `rankAffinities` ranks: baskets, the baskets holding each product on each side, and the pairs. */
export interface AffinityCounts {
  baskets: number;
  withA: Map<string, number>;
  withB: Map<string, number>;
  pairs: PairCount[];
}

/** Everything GET /api/products/affinity ranks, counted in PostgreSQL. */
export interface BasketCounts {
  together: AffinityCounts;
  nextOrder: AffinityCounts;
  firstProduct: Map<string, FirstProductCount>;
  /** Per product, over the window's baskets holding it: its net line revenue and line contribution (minor units). */
  lineTotals: Map<string, { revenue: number; contribution: number }>;
}

/**
 * The sale orders (decision 010: not test, not cancelled) placed up to `to`, in placing order per
 * customer (`k`, the next order's id, how many), and each order's products with their line contribution as `basketLineContribution`
 * defines it (decision 116): price × quantity − line discounts − refunded subtotals of refunds made
 * up to `to` − (quantity × frozen unit cost − frozen cost of restocked refunded units). Lines
 * without a product are left out; an order of only such lines still counts as a basket.
 */
function basketsCte(workspaceId: string, to: string): SQL {
  return sql`sale AS (
      SELECT o.order_id, o.customer_id, o.order_date, row_number() OVER placed AS k,
        lead(o.order_id) OVER placed AS next_id, count(*) OVER (PARTITION BY o.customer_id) AS orders
      FROM wh_orders o
      WHERE o.workspace_id = ${workspaceId} AND ${SALE_ORDER} AND o.order_date <= ${to}::date
      WINDOW placed AS (PARTITION BY o.customer_id ORDER BY o.created_at, o.order_id)),
    refunded AS (
      SELECT rl.line_item_id, sum(rl.subtotal_minor) AS subtotal,
        sum(CASE WHEN rl.restocked THEN rl.quantity ELSE 0 END) AS restocked_units
      FROM wh_refund_line_items rl
      WHERE rl.workspace_id = ${workspaceId} AND rl.refund_date <= ${to}::date
      GROUP BY rl.line_item_id),
    lines AS (
      SELECT li.order_id, li.product_id::text COLLATE "C" AS product,
        sum(li.unit_price_minor * li.quantity - li.discount_minor - coalesce(r.subtotal, 0)) AS revenue,
        sum(li.unit_price_minor * li.quantity - li.discount_minor - coalesce(r.subtotal, 0)
          - coalesce(li.unit_cost_minor, 0) * (li.quantity - coalesce(r.restocked_units, 0))) AS contribution
      FROM wh_order_line_items li
      JOIN sale s ON s.order_id = li.order_id
      LEFT JOIN refunded r ON r.line_item_id = li.line_item_id
      WHERE li.workspace_id = ${workspaceId} AND li.product_id IS NOT NULL
      GROUP BY li.order_id, li.product_id)`;
}

/**
 * One row of the answer: `kind` says which count it is — `baskets`/`with` (orders of the window, and
 * per product), `pair` (bought together), `steps`/`from`/`to` (window orders with a next order, per
 * product on either side), `next` (a → next order b), `first` (per first product).
 */
const CountRow = z.object({
  kind: z.enum(['baskets', 'with', 'pair', 'steps', 'from', 'to', 'next', 'first']),
  a: z.string().nullable(),
  b: z.string().nullable(),
  n: z.coerce.number(),
  contribution: z.coerce.number(),
  repeat: z.coerce.number(),
  eligible: z.coerce.number(),
  revenue: z.coerce.number(),
});

/**
 * Basket analysis over a window (issue #44, decision 123): one statement counts, in PostgreSQL, the
 * pairs bought together (a self-join of each window order's products), "product → next order" (each
 * window order's products against those of the customer's next order) and the first-product table,
 * and sends only those aggregates — a few thousand rows for a million orders — for
 * `src/core/baskets` to rank. Pairs seen together fewer than `minPairOrders` times are dropped here
 * already (the ranking drops them too). The counting mirrors `pairAffinity`, `nextOrderAffinity`
 * and `firstProductTable`, which stay the definition; a test holds both equal on generated data.
 */
export async function readBasketCounts(
  db: Db,
  workspaceId: string,
  window: BasketWindow,
): Promise<BasketCounts> {
  const floor = BASKET_THRESHOLDS.minPairOrders;
  const horizon = BASKET_THRESHOLDS.horizonDays;
  const rows = await queryRows(
    db,
    CountRow,
    sql`WITH ${basketsCte(workspaceId, window.to)},
      win AS (
        SELECT l.* FROM lines l JOIN sale s ON s.order_id = l.order_id WHERE s.order_date >= ${window.from}::date),
      step AS (
        SELECT s.order_id, s.next_id FROM sale s
        WHERE s.customer_id IS NOT NULL AND s.next_id IS NOT NULL AND s.order_date >= ${window.from}::date),
      firsts AS (
        SELECT s.customer_id, s.order_id, s.order_date, s.orders > 1 AS repeated,
          s.order_date <= ${window.to}::date - ${horizon}::int AS eligible
        FROM sale s WHERE s.customer_id IS NOT NULL AND s.k = 1 AND s.order_date >= ${window.from}::date),
      worth AS (
        SELECT f.customer_id, coalesce(sum(l.contribution), 0) AS contribution
        FROM firsts f JOIN sale s ON s.customer_id = f.customer_id AND s.order_date <= f.order_date + ${horizon}::int
        LEFT JOIN lines l ON l.order_id = s.order_id
        WHERE f.eligible GROUP BY f.customer_id)
      SELECT 'baskets' AS kind, NULL AS a, NULL AS b, count(*) AS n, 0 AS contribution, 0 AS repeat, 0 AS eligible,
          0 AS revenue
        FROM sale s WHERE s.order_date >= ${window.from}::date
      UNION ALL
      SELECT 'with', product, NULL, count(*), sum(contribution), 0, 0, sum(revenue) FROM win GROUP BY product
      UNION ALL
      SELECT 'pair', x.product, y.product, count(*), sum(x.contribution + y.contribution), 0, 0, 0
        FROM win x JOIN win y ON y.order_id = x.order_id AND y.product > x.product
        GROUP BY x.product, y.product HAVING count(*) >= ${floor}
      UNION ALL
      SELECT 'steps', NULL, NULL, count(*), 0, 0, 0, 0 FROM step
      UNION ALL
      SELECT 'from', l.product, NULL, count(*), 0, 0, 0, 0 FROM step JOIN lines l ON l.order_id = step.order_id
        GROUP BY l.product
      UNION ALL
      SELECT 'to', l.product, NULL, count(*), 0, 0, 0, 0 FROM step JOIN lines l ON l.order_id = step.next_id
        GROUP BY l.product
      UNION ALL
      SELECT 'next', x.product, y.product, count(*), sum(y.contribution), 0, 0, 0
        FROM step JOIN lines x ON x.order_id = step.order_id JOIN lines y ON y.order_id = step.next_id
        GROUP BY x.product, y.product HAVING count(*) >= ${floor}
      UNION ALL
      SELECT 'first', l.product, NULL, count(*), coalesce(sum(w.contribution), 0),
          count(*) FILTER (WHERE f.repeated), count(*) FILTER (WHERE f.eligible), 0
        FROM firsts f JOIN lines l ON l.order_id = f.order_id LEFT JOIN worth w ON w.customer_id = f.customer_id
        GROUP BY l.product`,
  );
  const of = (kind: z.infer<typeof CountRow>['kind']) => rows.filter((row) => row.kind === kind);
  const total = (kind: 'baskets' | 'steps') => of(kind)[0]?.n ?? 0;
  const perProduct = (kind: 'with' | 'from' | 'to') => new Map(of(kind).map((row) => [row.a ?? '', row.n]));
  const pairs = (kind: 'pair' | 'next'): PairCount[] =>
    of(kind).map((row) => ({
      a: row.a ?? '',
      b: row.b ?? '',
      orders: row.n,
      contributionMinor: row.contribution,
    }));
  const withProduct = perProduct('with');
  return {
    together: { baskets: total('baskets'), withA: withProduct, withB: withProduct, pairs: pairs('pair') },
    nextOrder: {
      baskets: total('steps'),
      withA: perProduct('from'),
      withB: perProduct('to'),
      pairs: pairs('next'),
    },
    firstProduct: new Map(
      of('first').map((row) => [
        row.a ?? '',
        { customers: row.n, repeat: row.repeat, eligible: row.eligible, contribution: row.contribution },
      ]),
    ),
    lineTotals: new Map(
      of('with').map((row) => [row.a ?? '', { revenue: row.revenue, contribution: row.contribution }]),
    ),
  };
}
