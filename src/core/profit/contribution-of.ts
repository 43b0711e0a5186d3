import { deriveProfitLines, type ProfitInputLines } from './derive-profit-lines.ts';

/**
 * What one order, product, customer or campaign brought in and cost (minor units, decision 010):
 * the P&L's input lines without marketing and expenses. `shipping` is the shipping cost (what the
 * shop paid the carrier). The slices' rollups still carry the shipping charged inside `grossSales`
 * (their `shippingCharges` is then absent, i.e. 0) — decision 088 notes it; /profit splits it.
 */
export type ContributionParts = Omit<
  ProfitInputLines,
  'marketing' | 'expenses' | 'shippingCharges' | 'taxes'
> &
  Partial<Pick<ProfitInputLines, 'shippingCharges' | 'taxes'>>;

/** A slice with nothing in it yet: every part 0 (what sums over orders start from). */
export const emptyContributionParts = (): ContributionParts => ({
  grossSales: 0,
  shippingCharges: 0,
  discounts: 0,
  returns: 0,
  cogs: 0,
  shipping: 0,
  paymentFees: 0,
});

/** The parts with their subtotals: net sales, gross profit and contribution before marketing. */
export interface Contribution extends ContributionParts {
  netSales: number;
  grossProfit: number;
  /** Contribution margin before marketing: gross profit − shipping cost − payment fees. */
  contributionMargin: number;
}

/**
 * The contribution of a slice of the business (one order, a product's lines, a customer's orders,
 * the orders credited to a campaign) before marketing, with decision 010's subtotals:
 *
 *   netSales           = grossSales − discounts − returns
 *   grossProfit        = netSales − cogs
 *   contributionMargin = grossProfit − shipping − paymentFees
 *
 * It is the P&L of decision 010 with no marketing and no expenses (`deriveProfitLines`), so a
 * slice's figures add up exactly as /profit's do. Marketing is left out on purpose: it is what
 * POAS, CAC and LTV:CAC divide by, so it must not be taken off twice.
 *
 * @example contributionOf({ grossSales: 5599, discounts: 500, returns: 0, cogs: 2000, shipping: 790, paymentFees: 192 })
 *   // { …, netSales: 5099, grossProfit: 3099, contributionMargin: 2117 }
 */
export function contributionOf(parts: ContributionParts): Contribution {
  const lines = deriveProfitLines({ shippingCharges: 0, taxes: 0, ...parts, marketing: 0, expenses: 0 });
  return {
    ...parts,
    netSales: lines.netSales,
    grossProfit: lines.grossProfit,
    contributionMargin: lines.contributionMargin,
  };
}
