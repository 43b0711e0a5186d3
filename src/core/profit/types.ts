/**
 * Normalised inputs and outputs of the P&L (decision 010). Amounts are integer minor units of the
 * shop currency; days are shop days 'YYYY-MM-DD'. The warehouse, the CLI and the demo connect flow
 * all reduce their sources to these shapes before calling src/core/profit.
 */
import type { ProfitExpense } from './expense-on-day.ts';

/**
 * The P&L lines of decision 010, sales on Shopify's definitions (decisions 088 and 109): gross
 * sales are products only, shipping charged (less shipping refunded) is its own line.
 */
export interface ProfitLines {
  grossSales: number;
  discounts: number;
  returns: number;
  netSales: number;
  cogs: number;
  grossProfit: number;
  shippingCharges: number;
  shipping: number;
  paymentFees: number;
  marketing: number;
  contributionMargin: number;
  expenses: number;
  netProfit: number;
}

export const PROFIT_LINE_NAMES: readonly (keyof ProfitLines)[] = [
  'grossSales',
  'discounts',
  'returns',
  'netSales',
  'cogs',
  'grossProfit',
  'shippingCharges',
  'shipping',
  'paymentFees',
  'marketing',
  'contributionMargin',
  'expenses',
  'netProfit',
];

/** One order that counts as a sale (not a test, not cancelled), on its order day. */
export interface ProfitSaleOrder {
  day: string;
  shippingChargedMinor: number;
  /** The order's discounts (line-level and order-level allocations). */
  discountMinor: number;
  /** The order's resolved shipping cost (see `shippingCostOf`). */
  shippingCostMinor: number;
}

/** One line of a sale order, with the unit cost frozen on it (cost in force on the order day). */
export interface ProfitSaleLine {
  day: string;
  quantity: number;
  originalUnitPriceMinor: number;
  unitCostMinor: number;
}

/** One refunded line, on the refund's day; `unitCostMinor` is the line's frozen cost. */
export interface ProfitRefundLine {
  day: string;
  /** Refund line subtotal (after discounts, before tax). */
  subtotalMinor: number;
  quantity: number;
  restocked: boolean;
  unitCostMinor: number;
}

/** An amount on a day: refunded shipping, a payment fee, ad spend. */
export interface ProfitDayAmount {
  day: string;
  amountMinor: number;
}

/** Everything the daily P&L is computed from. */
export interface ProfitInput {
  orders: readonly ProfitSaleOrder[];
  saleLines: readonly ProfitSaleLine[];
  refundLines: readonly ProfitRefundLine[];
  refundedShipping: readonly ProfitDayAmount[];
  /** Payment fees already resolved per transaction (see `paymentFeeOf`), on the transaction's day. */
  fees: readonly ProfitDayAmount[];
  /** Marketing spend per day (all campaigns). */
  spend: readonly ProfitDayAmount[];
  expenses: readonly ProfitExpense[];
}

export type ProfitDay = ProfitLines & { day: string };
