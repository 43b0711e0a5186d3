/**
 * Cost of acquiring one customer, in minor units of the shop currency (rounded half away from zero).
 *
 * Definition (decision 025): ad spend ÷ customers. With the customers who placed an order credited
 * to the campaign or channel it is CAC; with only those whose first order ever was credited to it,
 * new-customer CAC. Null without spend (a channel we see no spend for has no known cost, not a
 * cost of zero) or without customers (nothing was bought with the spend).
 *
 * @example acquisitionCost(10_000, 3) // 3333
 */
export function acquisitionCost(spendMinor: number, customers: number): number | null {
  if (spendMinor <= 0 || customers <= 0) return null;
  return Math.round(spendMinor / customers);
}
