/** The P&L lines a source provides (integer minor units of the shop currency, decision 010). */
export interface ProfitInputLines {
  grossSales: number;
  discounts: number;
  returns: number;
  cogs: number;
  shipping: number;
  paymentFees: number;
  marketing: number;
  expenses: number;
}

/** All twelve P&L lines, in waterfall order. */
export interface ProfitStatementLines extends ProfitInputLines {
  netSales: number;
  grossProfit: number;
  contributionMargin: number;
  netProfit: number;
}

/**
 * Completes a P&L from its input lines with the subtotals of decision 010, in integer minor
 * units so they add up exactly:
 *
 *   netSales           = grossSales − discounts − returns
 *   grossProfit        = netSales − cogs
 *   contributionMargin = grossProfit − shipping − paymentFees − marketing
 *   netProfit          = contributionMargin − expenses
 */
export function deriveProfitLines(input: ProfitInputLines): ProfitStatementLines {
  const netSales = input.grossSales - input.discounts - input.returns;
  const grossProfit = netSales - input.cogs;
  const contributionMargin = grossProfit - input.shipping - input.paymentFees - input.marketing;
  return {
    grossSales: input.grossSales,
    discounts: input.discounts,
    returns: input.returns,
    netSales,
    cogs: input.cogs,
    grossProfit,
    shipping: input.shipping,
    paymentFees: input.paymentFees,
    marketing: input.marketing,
    contributionMargin,
    expenses: input.expenses,
    netProfit: contributionMargin - input.expenses,
  };
}
