import { type SalesInputLines, type SalesLines, salesLinesOf } from './sales-lines-of.ts';

/** The P&L lines a source provides (integer minor units of the shop currency, decisions 010 and 088). */
export interface ProfitInputLines extends SalesInputLines {
  cogs: number;
  /** Shipping cost: what the shop paid the carrier (shipping charged is `shippingCharges`). */
  shipping: number;
  paymentFees: number;
  marketing: number;
  expenses: number;
}

/** All P&L lines, in waterfall order, with Shopify's sales results. */
export interface ProfitStatementLines extends ProfitInputLines, SalesLines {
  grossProfit: number;
  contributionMargin: number;
  netProfit: number;
}

/**
 * Completes a P&L from its input lines with the subtotals of decisions 010 and 088, in integer
 * minor units so they add up exactly:
 *
 *   netSales, totalSales = salesLinesOf(…)              (Shopify's definitions)
 *   grossProfit          = netSales − cogs
 *   contributionMargin   = grossProfit + shippingCharges − shipping − paymentFees − marketing
 *   netProfit            = contributionMargin − expenses
 *
 * Taxes are in total sales and nowhere below: they are never revenue.
 */
export function deriveProfitLines(input: ProfitInputLines): ProfitStatementLines {
  const sales = salesLinesOf(input);
  const grossProfit = sales.netSales - input.cogs;
  const contributionMargin =
    grossProfit + input.shippingCharges - input.shipping - input.paymentFees - input.marketing;
  return {
    ...input,
    ...sales,
    grossProfit,
    contributionMargin,
    netProfit: contributionMargin - input.expenses,
  };
}
