import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { ExpenseSchema, PaymentFeeRuleSchema, ShippingProfileSchema } from './demo-profit.ts';

/**
 * The Costs settings page (issue #13, decision 010): the cost ledger per variant, CSV import and
 * export, fee rules, shipping profiles, expenses, default margin and recalculations. Amounts are
 * exact decimal strings in the shop currency; ids of warehouse rows are decimal strings.
 */

const ShopDaySchema = z.iso.date();
/** A numeric id as text; at most PostgreSQL's bigint, the type every id is stored in. */
const IdSchema = z
  .string()
  .regex(/^\d{1,19}$/, 'expected a numeric id')
  // Digit strings of one length compare as their numbers do (and this never throws on a non-number).
  .refine((value) => value.length < 19 || value <= '9223372036854775807', 'expected a numeric id');
const PercentSchema = z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'expected a percent such as "35" or "2.5"');

/** The ledger's "since always" day: a variant's first Shopify cost also prices its older orders. */
export const LEDGER_FIRST_DAY = '2000-01-01';

export const COST_SOURCES = ['manual', 'import', 'shopify', 'default_margin'] as const;
export const CostSourceSchema = z.enum(COST_SOURCES);

export const CostPeriodSchema = z.object({
  id: IdSchema,
  cost: MoneySchema,
  effectiveFrom: ShopDaySchema,
  source: z.enum(['manual', 'import', 'shopify']),
  createdAt: z.iso.datetime(),
  /** Who entered it (name or email); null for periods the sync saw in Shopify. */
  createdBy: z.string().nullable(),
  /** The days this period is the cost in force (`to` exclusive, null = open); empty = always overridden. */
  inForce: z.array(z.object({ from: ShopDaySchema, to: ShopDaySchema.nullable() })),
});

export const VariantCostsSchema = z.object({
  variantId: IdSchema,
  productId: IdSchema,
  productTitle: z.string(),
  variantTitle: z.string(),
  sku: z.string().nullable(),
  price: MoneySchema.nullable(),
  /** The cost in force today (the default margin's estimate when no period applies), or null. */
  current: z
    .object({
      cost: MoneySchema,
      source: CostSourceSchema,
      estimated: z.boolean(),
      periodId: IdSchema.nullable(),
    })
    .nullable(),
  /** Newest effective date first. */
  periods: z.array(CostPeriodSchema),
});
export type VariantCosts = z.infer<typeof VariantCostsSchema>;

export const CostLedgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Filters by product title, variant title or SKU. */
  q: z.string().trim().max(200).optional(),
});

export const CostLedgerResponseSchema = z.object({
  currency: CurrencySchema,
  today: ShopDaySchema,
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  variants: z.array(VariantCostsSchema),
});
export type CostLedgerResponse = z.infer<typeof CostLedgerResponseSchema>;

export const CostEntryInputSchema = z.object({
  variantId: IdSchema,
  cost: MoneySchema,
  effectiveFrom: ShopDaySchema,
});
export type CostEntryInput = z.infer<typeof CostEntryInputSchema>;

export const CsvRowErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type CsvRowError = z.infer<typeof CsvRowErrorSchema>;
/** 400 body of a refused CSV: the first 50 bad rows and columns; nothing was stored. */
export const CsvRejectedSchema = z.object({
  message: z.string(),
  code: z.literal('csv_invalid'),
  errorCount: z.number().int(),
  errors: z.array(CsvRowErrorSchema),
});
export type CsvRejected = z.infer<typeof CsvRejectedSchema>;

export const CsvImportQuerySchema = z.object({ fileName: z.string().max(200).optional() });
export const CsvImportResponseSchema = z.object({
  importId: IdSchema,
  stored: z.number().int(),
  /** Rows naming a SKU, variant or order the warehouse does not know (not fatal). */
  unknown: z.array(z.object({ row: z.number().int(), value: z.string(), stored: z.boolean() })),
});
export type CsvImportResponse = z.infer<typeof CsvImportResponseSchema>;

export const RecalculationSchema = z.object({
  id: IdSchema,
  from: ShopDaySchema,
  to: ShopDaySchema,
  status: z.enum(['pending', 'running', 'succeeded', 'failed']),
  linesTotal: z.number().int(),
  linesDone: z.number().int(),
  linesChanged: z.number().int(),
  /** How much COGS moved: Σ (new − old cost) × quantity over the changed lines. */
  costDelta: MoneySchema,
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type Recalculation = z.infer<typeof RecalculationSchema>;

export const RecalculationInputSchema = z.object({ from: ShopDaySchema, to: ShopDaySchema });

export const StoredExpenseSchema = ExpenseSchema.extend({ id: IdSchema });

export const CostSettingsResponseSchema = z.object({
  currency: CurrencySchema.nullable(),
  defaultMarginPercent: PercentSchema.nullable(),
  paymentFeeRules: z.array(PaymentFeeRuleSchema),
  shippingProfiles: z.array(ShippingProfileSchema),
  expenses: z.array(StoredExpenseSchema),
  imports: z.array(
    z.object({
      id: IdSchema,
      kind: z.enum(['costs', 'shipping']),
      fileName: z.string().nullable(),
      rowsStored: z.number().int(),
      unknownCount: z.number().int(),
      createdAt: z.iso.datetime(),
      createdBy: z.string().nullable(),
    }),
  ),
  /** Newest first, the last 20. */
  recalculations: z.array(RecalculationSchema),
});
export type CostSettingsResponse = z.infer<typeof CostSettingsResponseSchema>;

export const DefaultMarginInputSchema = z.object({ defaultMarginPercent: PercentSchema.nullable() });
export const FeeRulesInputSchema = z.object({ rules: z.array(PaymentFeeRuleSchema).max(100) });
export const ShippingProfilesInputSchema = z.object({ profiles: z.array(ShippingProfileSchema).max(1000) });
export const ExpenseInputSchema = ExpenseSchema;
export const ExpenseParamsSchema = z.object({ id: IdSchema });
