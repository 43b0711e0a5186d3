import type { BasketLine } from './types.ts';

/**
 * What a product's lines of one order contributed (minor units): the product's own parts of
 * decision 038's product contribution — price × quantity, less the lines' discounts, less what was
 * refunded of them, less their cost of goods with the cost of restocked units given back — i.e.
 * `contributionOf`'s contribution margin of those parts with no shipping and no fees (a unit test
 * holds the two equal). Written out because it runs once per product of every order (millions of
 * times for a large shop) and `contributionOf` builds the whole statement each time. The
 * order-level shares (shipping, order discounts, payment fees) are left out: they belong to the
 * order, not to the products bought together (decision 116).
 *
 * @example basketLineContribution({ productId: '1', priceMinor: 5000, discountMinor: 500, cogsMinor: 2000, refundedMinor: 0, restockedCostMinor: 0 }) // 2500
 */
export function basketLineContribution(line: BasketLine): number {
  return (
    line.priceMinor - line.discountMinor - line.refundedMinor - (line.cogsMinor - line.restockedCostMinor)
  );
}
