import { allocateByWeight } from './allocate-by-weight.ts';
import { type ContributionParts, emptyContributionParts } from './contribution-of.ts';

/** One line of an order (minor units of the shop currency). */
export interface ProductProfitLine {
  lineItemId: string;
  /** null: a custom item or a product deleted from the shop. */
  productId: string | null;
  units: number;
  /** unit price × quantity, before discounts. */
  priceMinor: number;
  /** The line's own discount allocations. */
  discountMinor: number;
  /** quantity × the frozen unit cost (0 when none is known). */
  cogsMinor: number;
  /** Units whose cost came from the owner or Shopify. */
  unitsWithCost: number;
  /** The cost came from the default margin. */
  costEstimated: boolean;
}

/** An order touched by the range: placed in it, or with a refund or a fee in it. */
export interface ProductProfitOrder {
  /** The order's lines, in a stable order (by line id). */
  lines: readonly ProductProfitLine[];
  /** Placed in the range: its sale, discounts, cost of goods and shipping cost count. */
  placedInRange: boolean;
  shippingChargedMinor: number;
  /** The order's discounts (line and order level). */
  discountMinor: number;
  shippingCostMinor: number;
  /** The shipping cost is the shipping charged (no import, no profile). */
  shippingEstimated: boolean;
  /** Fees of its transactions processed in the range. */
  feesMinor: number;
  /** Shipping refunded in the range. */
  refundedShippingMinor: number;
  /** Refunded lines of refunds made in the range. */
  refundLines: ReadonlyArray<{ lineItemId: string; subtotalMinor: number; restockedCostMinor: number }>;
}

/** What a product brought in and cost over the range. */
export interface ProductContribution {
  productId: string | null;
  parts: ContributionParts;
  units: number;
  unitsWithCost: number;
  /** Some of its cost of goods rests on the default margin. */
  cogsEstimated: boolean;
  /** Some of its shipping cost share is the shipping charged, not a known cost. */
  shippingEstimated: boolean;
}

/**
 * Decision 010's contribution parts per product over a range of shop days, each on the day the
 * P&L puts it, so the products add up to /profit's lines exactly (decision 038):
 *
 * - its own lines (order day): price × quantity (Shopify's gross sales: no shipping, no taxes —
 *   decision 109), the line's discounts, quantity × frozen cost;
 * - its own refunded lines (refund day): the refunded subtotal (its returns), and the frozen cost
 *   of restocked units back;
 * - its share of what belongs to the whole order: shipping charged (order day) less shipping
 *   refunded (refund day) as its shipping charges, the order's discounts beyond the lines' own,
 *   the shipping cost (order day) and payment fees (transaction day), shared among the order's lines in proportion to their net value
 *   (price × quantity − line discounts; by units when that is all zero) with `allocateByWeight`.
 *
 * A refunded line the order no longer lists counts under product null.
 */
export function contributionByProduct(orders: readonly ProductProfitOrder[]): ProductContribution[] {
  const byProduct = new Map<string | null, ProductContribution>();
  const entry = (productId: string | null): ProductContribution => {
    let found = byProduct.get(productId);
    if (!found) {
      found = {
        productId,
        parts: emptyContributionParts(),
        units: 0,
        unitsWithCost: 0,
        cogsEstimated: false,
        shippingEstimated: false,
      };
      byProduct.set(productId, found);
    }
    return found;
  };
  for (const order of orders) {
    const lines = order.lines;
    const byValue = lines.map((l) => l.priceMinor - l.discountMinor);
    const weights = byValue.some((w) => w > 0) ? byValue : lines.map((l) => l.units);
    const share = (amount: number) =>
      amount === 0 || lines.length === 0 ? lines.map(() => 0) : allocateByWeight(amount, weights);
    const orderLevel = {
      shippingCharges: (order.placedInRange ? order.shippingChargedMinor : 0) - order.refundedShippingMinor,
      discounts: order.placedInRange
        ? order.discountMinor - lines.reduce((sum, l) => sum + l.discountMinor, 0)
        : 0,
      shipping: order.placedInRange ? order.shippingCostMinor : 0,
      paymentFees: order.feesMinor,
    };
    const shares = {
      shippingCharges: share(orderLevel.shippingCharges),
      discounts: share(orderLevel.discounts),
      shipping: share(orderLevel.shipping),
      paymentFees: share(orderLevel.paymentFees),
    };
    const productOfLine = new Map<string, string | null>();
    lines.forEach((line, i) => {
      productOfLine.set(line.lineItemId, line.productId);
      const e = entry(line.productId);
      const p = e.parts;
      if (order.placedInRange) {
        p.grossSales += line.priceMinor;
        p.discounts += line.discountMinor;
        p.cogs += line.cogsMinor;
        e.units += line.units;
        e.unitsWithCost += line.unitsWithCost;
        if (line.costEstimated && line.units > 0) e.cogsEstimated = true;
        if (order.shippingEstimated && (shares.shipping[i] ?? 0) !== 0) e.shippingEstimated = true;
      }
      p.shippingCharges = (p.shippingCharges ?? 0) + (shares.shippingCharges[i] ?? 0);
      p.discounts += shares.discounts[i] ?? 0;
      p.shipping += shares.shipping[i] ?? 0;
      p.paymentFees += shares.paymentFees[i] ?? 0;
    });
    // An order-level amount of an order without lines has no product to go to.
    if (lines.length === 0) {
      const p = entry(null).parts;
      p.shippingCharges = (p.shippingCharges ?? 0) + orderLevel.shippingCharges;
      p.discounts += orderLevel.discounts;
      p.shipping += orderLevel.shipping;
      p.paymentFees += orderLevel.paymentFees;
    }
    for (const refunded of order.refundLines) {
      const p = entry(productOfLine.get(refunded.lineItemId) ?? null).parts;
      p.returns += refunded.subtotalMinor;
      p.cogs -= refunded.restockedCostMinor;
    }
  }
  return [...byProduct.values()];
}
