/**
 * The inputs of market-basket analysis (issue #44): orders as baskets of products, each product's
 * lines of the order summed, in integer minor units of the shop currency.
 */

/** One product's lines in one order, with what was refunded of them. */
export interface BasketLine {
  productId: string;
  /** Σ unit price × quantity of the product's lines, before discounts. */
  priceMinor: number;
  /** The lines' own discount allocations. */
  discountMinor: number;
  /** Σ quantity × the unit cost frozen on the line (0 when none is known). */
  cogsMinor: number;
  /** Refunded subtotals of the lines (after their discounts, before tax). */
  refundedMinor: number;
  /** The frozen cost of the refunded units that went back to stock. */
  restockedCostMinor: number;
}

/** One sale order (not test, not cancelled) and the products in it; lines without a product are left out. */
export interface BasketOrder {
  orderId: string;
  /** null: a guest checkout (it counts in baskets, never in "next order" or "first product"). */
  customerId: string | null;
  /** The order's shop day 'YYYY-MM-DD'. */
  day: string;
  /** One entry per distinct product, sorted by product id. */
  lines: readonly BasketLine[];
}

/** An inclusive range of shop days. */
export interface BasketWindow {
  from: string;
  to: string;
}
