import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL every per-order profit read shares (order lookup, products, campaigns and channels,
 * customers): decision 010's lines of one order, from the facts the sync stores and the owner's
 * settings, with the same fallbacks as the profit rollup (`domain/profit/profit-queries.ts`):
 *
 * - gross sales: Σ line `unit_price × quantity` (Shopify's: no shipping, no taxes; decision 109);
 *   shipping charges: the order's shipping charged, less what refunds give back; discounts: the order's;
 * - COGS: Σ `quantity × frozen unit cost` (no cost known → 0, and the units are not covered);
 * - shipping cost: per-order import > shipping profile > the shipping charged (then *estimated*);
 * - payment fees: Σ `fees` of successful SALE/CAPTURE transactions, else the owner's rule for the
 *   gateway (`round(amount × percent / 100) + fixed`), else nothing;
 * - returns (refunded line subtotals: refunded shipping is not a return) and the COGS of restocked
 *   lines, per refund.
 *
 * Amounts come back as text (bigint sums never pass through a float); callers complete them with
 * `core/profit/contribution-of.ts`. The fragments need the aliases `o` (wh_orders) and, for the
 * refund ones, `r` (wh_refunds).
 */

/** Orders that count as sales (decision 010): not test, not cancelled. */
export const SALE_ORDER = sql.raw('NOT o.test AND o.cancelled_at IS NULL');

/** Units whose cost came from the owner or Shopify, of a line `li` (cost coverage). */
export const LINE_UNITS_WITH_COST =
  sql.raw(`CASE WHEN li.unit_cost_minor IS NOT NULL AND NOT li.cost_estimated
  AND li.cost_source IN ('manual', 'import', 'shopify') THEN li.quantity ELSE 0 END`);

/** The shipping cost of order `o` (alias `ship.cost_minor`): per-order import > shipping profile. */
export const SHIPPING_COST_JOIN = sql.raw(`
  LEFT JOIN LATERAL (
    SELECT s.cost_minor FROM wh_order_shipping_costs s
    WHERE s.workspace_id = o.workspace_id AND s.order_id = o.order_id
    ORDER BY s.source = 'import' DESC LIMIT 1) ship ON true`);

/** Transactions `t` that carry a payment fee: successful sales and captures. */
export const FEE_TRANSACTION = sql.raw(`t.status = 'SUCCESS' AND t.kind IN ('SALE', 'CAPTURE')`);
/** The owner's fee rule (alias `rule`) for transaction `t`'s gateway. */
export const FEE_RULE_JOIN = sql.raw(
  'LEFT JOIN payment_fee_rules rule ON rule.workspace_id = t.workspace_id AND rule.gateway = t.gateway',
);
/** Transaction `t`'s fee: the gateway's, else the owner's rule (over FEE_RULE_JOIN), else nothing. */
export const TRANSACTION_FEE = sql.raw(
  'coalesce(t.fee_minor, round(t.amount_minor * rule.percent / 100)::bigint + rule.fixed_minor, 0)',
);

/** Joins of an order's lines, shipping cost and fees (aliases `sale_lines`, `ship`, `fees`). */
export const ORDER_SALE_JOINS = sql`
  LEFT JOIN LATERAL (
    SELECT coalesce(sum(li.unit_price_minor * li.quantity), 0) AS items_minor,
      coalesce(sum(coalesce(li.unit_cost_minor, 0) * li.quantity), 0) AS cogs_minor,
      coalesce(sum(li.quantity), 0) AS units,
      coalesce(sum(${LINE_UNITS_WITH_COST}), 0) AS units_with_cost
    FROM wh_order_line_items li
    WHERE li.workspace_id = o.workspace_id AND li.order_id = o.order_id) sale_lines ON true
  ${SHIPPING_COST_JOIN}
  LEFT JOIN LATERAL (
    SELECT coalesce(sum(${TRANSACTION_FEE}), 0) AS fees_minor
    FROM wh_order_transactions t ${FEE_RULE_JOIN}
    WHERE t.workspace_id = o.workspace_id AND t.order_id = o.order_id AND ${FEE_TRANSACTION}) fees ON true`;

/** Per-order expressions over ORDER_SALE_JOINS, each a bigint. */
export const ORDER_SALE = {
  grossSales: sql.raw('sale_lines.items_minor'),
  /** Shipping charged to the customer (refunded shipping is `REFUND.shippingRefunded`). */
  shippingCharges: sql.raw('coalesce(o.shipping_minor, 0)'),
  discounts: sql.raw('coalesce(o.discount_minor, 0)'),
  cogs: sql.raw('sale_lines.cogs_minor'),
  shipping: sql.raw('coalesce(ship.cost_minor, o.shipping_minor, 0)'),
  /** 1 when the shipping cost is the shipping charged (no import, no profile): a guess. */
  shippingEstimated: sql.raw('(CASE WHEN ship.cost_minor IS NULL THEN 1 ELSE 0 END)'),
  paymentFees: sql.raw('fees.fees_minor'),
  units: sql.raw('sale_lines.units'),
  unitsWithCost: sql.raw('sale_lines.units_with_cost'),
} satisfies Record<string, SQL>;

/** Joins of a refund's lines (alias `refund_lines`): refunded subtotals and restocked cost. */
export const REFUND_JOINS = sql.raw(`
  LEFT JOIN LATERAL (
    SELECT coalesce(sum(rl.subtotal_minor), 0) AS subtotal_minor,
      coalesce(sum(CASE WHEN rl.restocked THEN coalesce(li.unit_cost_minor, 0) * rl.quantity ELSE 0 END), 0)
        AS restocked_cost_minor
    FROM wh_refund_line_items rl
    LEFT JOIN wh_order_line_items li ON li.workspace_id = rl.workspace_id AND li.line_item_id = rl.line_item_id
    WHERE rl.workspace_id = r.workspace_id AND rl.refund_id = r.refund_id) refund_lines ON true`);

/**
 * Per-refund expressions over REFUND_JOINS: returns, the shipping given back (taken off the
 * shipping charges, as Shopify's reports do) and the (negative) COGS of restocked goods.
 */
export const REFUND = {
  returns: sql.raw('refund_lines.subtotal_minor'),
  shippingRefunded: sql.raw('coalesce(r.shipping_minor, 0)'),
  cogs: sql.raw('(-refund_lines.restocked_cost_minor)'),
} satisfies Record<string, SQL>;

/**
 * Joins of all of an order's refunds (alias `refunds`): returns, shipping refunded and restocked
 * COGS, whenever made.
 */
export const ORDER_REFUNDS_JOIN = sql`
  LEFT JOIN LATERAL (
    SELECT coalesce(sum(${REFUND.returns}), 0) AS returns_minor,
      coalesce(sum(${REFUND.shippingRefunded}), 0) AS shipping_refunded_minor,
      coalesce(sum(${REFUND.cogs}), 0) AS cogs_minor
    FROM wh_refunds r ${REFUND_JOINS}
    WHERE r.workspace_id = o.workspace_id AND r.order_id = o.order_id) refunds ON true`;
