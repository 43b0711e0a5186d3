import { z } from 'zod';
import { MoneySchema } from '../money.ts';

/**
 * What a demo store's owner would enter by hand for profit (decision 010): the cost history as a
 * costs CSV would carry it, shipping profiles, fee rules for gateways whose transactions carry no
 * fees, custom expenses. The demo generator exports it; connecting the demo store enters it
 * before the first backfill, so the app's P&L equals the generator's ground truth.
 */
const ShopDaySchema = z.iso.date();
/** The heaviest band edge a shipping profile takes (1,000 tonnes; stored as a 32-bit integer). */
const MAX_GRAMS = 1_000_000_000;

export const DemoCostEntrySchema = z.object({
  sku: z.string().min(1),
  variantId: z.number().int().positive(),
  cost: MoneySchema,
  effectiveFrom: ShopDaySchema,
});

export const ShippingProfileSchema = z.object({
  /** ISO 3166-1 alpha-2 destination, or '*' for every other country. */
  country: z.string().regex(/^([A-Z]{2}|\*)$/),
  /** Order weight band in grams: minGrams ≤ weight < maxGrams (null: no upper bound), ≤ 1,000 t. */
  minGrams: z.number().int().nonnegative().max(MAX_GRAMS),
  maxGrams: z.number().int().positive().max(MAX_GRAMS).nullable(),
  cost: MoneySchema,
});

export const PaymentFeeRuleSchema = z.object({
  gateway: z.string().min(1),
  /** Percent of the transaction amount, e.g. "3.49". */
  percent: z.string().regex(/^\d+(\.\d+)?$/),
  fixed: MoneySchema,
});

export const EXPENSE_KINDS = ['monthly', 'per_order', 'percent_of_net_sales', 'percent_of_ad_spend'] as const;

export const ExpenseSchema = z.object({
  name: z.string().min(1).max(200),
  kind: z.enum(EXPENSE_KINDS),
  /** A money amount for 'monthly' and 'per_order'; a percent such as "2.5" for the percent kinds. */
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  startsOn: ShopDaySchema,
  endsOn: ShopDaySchema.nullable(),
});

export const DemoProfitSetupSchema = z.object({
  costs: z.array(DemoCostEntrySchema),
  shippingProfiles: z.array(ShippingProfileSchema),
  paymentFeeRules: z.array(PaymentFeeRuleSchema),
  expenses: z.array(ExpenseSchema),
});
export type DemoProfitSetup = z.infer<typeof DemoProfitSetupSchema>;
