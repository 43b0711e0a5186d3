import type { ProfitLines } from '../../core/profit/types.ts';
/**
 * What the demo store plants for profit (issue #13, decision 010): true cost history, weights,
 * shipping profiles, payment gateways and their fees, refund restocks and custom expenses, plus the
 * shape of the `profit` section of the ground truth. Money is integer minor units of the shop
 * currency; days are shop days 'YYYY-MM-DD'; instants are UTC epoch ms.
 */

/** The Shopify Payments-like gateway: its transactions carry `fees`. */
export const FEE_GATEWAY = 'shopify_payments';
/** The PayPal-like gateway: its transactions carry no fees; the owner's fee rule covers it. */
export const RULE_GATEWAY = 'paypal';
/** Staff test orders pay through Shopify's bogus gateway. */
export const TEST_GATEWAY = 'bogus';

/** One dated cost period of a variant: the cost in force from `effectiveFrom` (shop day) on. */
export interface DemoCostPeriod {
  effectiveFrom: string;
  costMinor: number;
}

/** Destination country (or '*') × order weight band [minGrams, maxGrams) → shipping cost. */
export interface DemoShippingProfile {
  country: string;
  minGrams: number;
  maxGrams: number | null;
  costMinor: number;
}

/** A gateway fee rule: `percent` (decimal string, e.g. "3.49") of the amount + `fixedMinor`. */
export interface DemoFeeRule {
  gateway: string;
  percent: string;
  fixedMinor: number;
}

export type DemoExpenseKind = 'monthly' | 'per_order' | 'percent_of_net_sales' | 'percent_of_ad_spend';

export interface DemoExpense {
  name: string;
  kind: DemoExpenseKind;
  /** Minor units for 'monthly' and 'per_order'; a percent decimal string ("2.5") for the percent kinds. */
  amountMinor: number | null;
  percent: string | null;
  startsOn: string;
  endsOn: string | null;
}

export type DemoTransactionKind = 'AUTHORIZATION' | 'CAPTURE' | 'SALE' | 'VOID' | 'REFUND';
export type DemoTransactionStatus = 'SUCCESS' | 'FAILURE' | 'PENDING';

/** A fee the gateway charged on one transaction (only on the fee gateway's SALE/CAPTURE). */
export interface DemoTransactionFee {
  amountMinor: number;
  /** Percentage charged, as a decimal string ("2.9"). */
  percent: string;
  flatMinor: number;
}

export interface DemoTransaction {
  legacyId: number;
  id: string;
  kind: DemoTransactionKind;
  status: DemoTransactionStatus;
  gateway: string;
  /** Shop-currency amount. */
  amountMinor: number;
  processedAtMs: number;
  test: boolean;
  fee: DemoTransactionFee | null;
}

/** Per-order profit facts, drawn from the order's own profit stream (never from the order stream). */
export interface DemoOrderProfit {
  gateway: string;
  /** Σ quantity × variant weight. */
  weightGrams: number;
  /** True shipping cost the shop paid (the matching shipping profile). */
  shippingCostMinor: number;
  transactions: DemoTransaction[];
  /** Per refund, per refund line: whether the refunded units went back to stock. */
  restocked: boolean[][];
  /** Per refund: the shipping refunded with it (full refunds refund the shipping charged). */
  refundedShippingMinor: number[];
}

/** Everything planted for profit; `seed` feeds the per-order profit streams. */
export interface DemoProfitPlan {
  seed: number;
  currency: string;
  timeZone: string;
  /** Last instant of the store window (no transaction happens after it). */
  endInstantMs: number;
  /** Per variant index, sorted by effectiveFrom; the first period starts on the store's start date. */
  costHistory: DemoCostPeriod[][];
  /** Per variant index, grams. */
  weightsGrams: number[];
  shippingProfiles: DemoShippingProfile[];
  /** The fee gateway's true rates: domestic (presentment = shop currency) and international cards. */
  feeGatewayRates: { domestic: DemoFeeRule; international: DemoFeeRule };
  /** The owner's rules for gateways whose transactions carry no fees (here: the PayPal-like one). */
  feeRules: DemoFeeRule[];
  expenses: DemoExpense[];
}

/** The P&L lines of decision 010 (sales as Shopify defines them), in minor units: the core's definition. */
export type { ProfitLines } from '../../core/profit/types.ts';

/** `ground-truth.json`'s `profit` section: every line per shop day of the window, and totals. */
export interface ProfitTruth {
  currency: string;
  days: (ProfitLines & { date: string })[];
  totals: ProfitLines;
}
