import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { dayRangeQueryFields, refineDayRangeQuery } from './date-range.ts';

/**
 * GET /api/products/affinity (issue #44, decision 116): products bought together and products
 * that bring customers back, in contribution margin. Money is decimal text in `currency`.
 */

/** The shared range input (issue #36); nothing is compared, so no `compare`. */
const { compare: _compare, ...rangeFields } = dayRangeQueryFields;
export const ProductAffinityQuerySchema = z.object(rangeFields).superRefine(refineDayRangeQuery);

const ProductRefSchema = z.object({ productId: z.string(), title: z.string() });

/** A rule a → b: support, confidence and lift, and the contribution of the orders it counts. */
const AffinityPairSchema = z.object({
  a: ProductRefSchema,
  b: ProductRefSchema,
  support: z.number(),
  confidence: z.number(),
  lift: z.number(),
  contribution: MoneySchema,
  orders: z.number().int(),
});

export const ProductAffinitySchema = z.object({
  /** The window (null before a shop with orders is synced). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  currency: CurrencySchema,
  /** The floors below which a pair or first product is not ranked. */
  thresholds: z.object({
    minPairOrders: z.number().int(),
    minPairSupport: z.number(),
    minFirstCustomers: z.number().int(),
    horizonDays: z.number().int(),
  }),
  /** Bought in the same order, by lift; `a` is the product in fewer orders. */
  pairs: z.array(AffinityPairSchema),
  /** A product in an order → a product in the same customer's next order, by lift. */
  nextOrder: z.array(AffinityPairSchema),
  firstProduct: z.array(
    z.object({
      product: ProductRefSchema,
      customers: z.number().int(),
      repeatRate: z.number(),
      /** Customers whose first order is ≥ 180 days before `to`: those the 180-day figure averages. */
      customers180d: z.number().int(),
      /** Average contribution per customer over 180 days from the first order; null when none qualify. */
      contribution180d: MoneySchema.nullable(),
    }),
  ),
});
export type ProductAffinity = z.infer<typeof ProductAffinitySchema>;
