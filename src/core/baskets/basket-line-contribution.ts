import { contributionOf } from '../profit/contribution-of.ts';
import type { BasketLine } from './types.ts';

/**
 * What a product's lines of one order contributed (minor units): the product's own parts of
 * decision 038's product contribution — price × quantity, less the lines' discounts, less what was
 * refunded of them, less their cost of goods with the cost of restocked units given back —
 * completed by `contributionOf`, so a basket counts contribution exactly as /products does for a
 * product's own lines. The order-level shares (shipping, order discounts, payment fees) are left
 * out: they belong to the order, not to the products bought together (decision 116).
 *
 * @example basketLineContribution({ productId: '1', priceMinor: 5000, discountMinor: 500, cogsMinor: 2000, refundedMinor: 0, restockedCostMinor: 0 }) // 2500
 */
export function basketLineContribution(line: BasketLine): number {
  return contributionOf({
    grossSales: line.priceMinor,
    discounts: line.discountMinor,
    returns: line.refundedMinor,
    cogs: line.cogsMinor - line.restockedCostMinor,
    shipping: 0,
    paymentFees: 0,
  }).contributionMargin;
}
