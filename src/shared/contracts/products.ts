import { z } from 'zod';
import { CurrencySchema as CurrencyCodeSchema, MoneySchema } from '../money.ts';
import { CurrencySchema } from './campaigns.ts';
import { StatsPeriodSchema } from './opportunities.ts';
import { ProfitCoverageSchema, ProfitDaySchema, refineProfitRange } from './profit.ts';

/**
 * Product Analysis (GET /api/products/performance?period=7|30|90, and one product's daily series at
 * GET /api/products/:productId/daily?period=…). Money is exact: `MoneySchema` decimal strings in
 * the shop currency (ad spend in the ad account's, decision 146); days are shop-local; velocity is
 * units per calendar day.
 */

export const ProductPeriodQuerySchema = z.object({ period: StatsPeriodSchema.default('30') });
export const ProductIdParamsSchema = z.object({
  productId: z.string().regex(/^\d{1,20}$/, 'productId must be a numeric Shopify product id'),
});

/** 'Out of stock': every tracked variant; 'Partly out of stock': some; 'Low stock': fewer days of cover than its lead time (decision 112). */
export const StockStateSchema = z.enum([
  'Out of stock',
  'Partly out of stock',
  'Low stock',
  'In stock',
  'Untracked',
]);
export type StockState = z.infer<typeof StockStateSchema>;

const SalesShape = {
  revenue: MoneySchema,
  units: z.number().int(),
  /** Units per day over the period. */
  velocity: z.number(),
  previousUnits: z.number().int(),
  /** Percent change of units against the previous period of the same length; null when it sold nothing. */
  velocityChange: z.number().nullable(),
  /** Units available now (latest inventory snapshot, summed over locations); null when not tracked. */
  available: z.number().int().nullable(),
  /** Units per in-stock day over the last 28 days (the days-of-cover demand). */
  dailyDemand: z.number().nullable(),
  /** available / dailyDemand; null when out of stock, untracked or nothing sells. */
  daysOfCover: z.number().nullable(),
  stockState: StockStateSchema,
  /** Gross revenue lost to stock-outs in the last 90 days, from the latest analysis run (stock impact). */
  lostRevenue: MoneySchema,
  outOfStockDays: z.number().int(),
};

export const ProductVariantRowSchema = z.object({
  variantId: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  ...SalesShape,
});
export type ProductVariantRow = z.infer<typeof ProductVariantRowSchema>;

export const ProductRowSchema = z.object({
  productId: z.string(),
  title: z.string(),
  handle: z.string().nullable(),
  ...SalesShape,
  /** Meta spend in the period of campaigns whose orders mostly land on this product; null when none does. */
  adSpend: MoneySchema.nullable(),
  adCampaigns: z.array(z.string()),
  /**
   * The supplier lead time its stock is judged with (days of cover under it = Low stock): the one
   * the owner set, else the stated default (decision 112). Alerts and opportunities use the same.
   */
  leadTimeDays: z.number().int(),
  leadTimeSource: z.enum(['owner', 'default']),
  variants: z.array(ProductVariantRowSchema),
});
export type ProductRow = z.infer<typeof ProductRowSchema>;

/** PUT /api/products/:productId/lead-time — the owner's lead time, or null for the default. */
export const LeadTimeInputSchema = z.strictObject({
  leadTimeDays: z
    .number('leadTimeDays must be a whole number of days from 1 to 365, or null')
    .int('leadTimeDays must be a whole number of days from 1 to 365, or null')
    .min(1, 'leadTimeDays must be a whole number of days from 1 to 365, or null')
    .max(365, 'leadTimeDays must be a whole number of days from 1 to 365, or null')
    .nullable(),
});

export const LeadTimeSchema = z.object({
  productId: z.string(),
  leadTimeDays: z.number().int(),
  leadTimeSource: z.enum(['owner', 'default']),
  /** The default a product without its own lead time takes. */
  defaultDays: z.number().int(),
});
export type LeadTime = z.infer<typeof LeadTimeSchema>;

export const ProductPerformanceSchema = z.object({
  /** Shopify credentials stored for the workspace. */
  connected: z.boolean(),
  /** Any products or sales synced yet. */
  hasData: z.boolean(),
  period: z.number().int(),
  /** Inclusive shop-local days of the period (it ends on the last day with synced orders). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  currency: CurrencySchema.nullable(),
  adCurrency: CurrencySchema.nullable(),
  /** Day of the analysis run the stock-out losses come from; null before the first run. */
  stockAsOf: z.string().nullable(),
  /** How revenue, velocity and stock are counted, in words (shown on the page). */
  rules: z.string(),
  totals: z.object({
    revenue: MoneySchema,
    units: z.number().int(),
    previousUnits: z.number().int(),
    lostRevenue: MoneySchema,
    /** Products with at least one tracked variant out of stock ('Out of stock' or 'Partly out of stock'). */
    outOfStockProducts: z.number().int(),
    /** Products whose shortest variant has fewer days of cover than its lead time ('Low stock'). */
    lowStockProducts: z.number().int(),
  }),
  products: z.array(ProductRowSchema),
});
export type ProductPerformance = z.infer<typeof ProductPerformanceSchema>;

export const ProductDailySchema = z.object({
  productId: z.string(),
  title: z.string(),
  currency: CurrencySchema.nullable(),
  days: z.array(
    z.object({
      date: z.string(),
      units: z.number().int(),
      revenue: MoneySchema,
      /** Every tracked variant of the product had nothing available at the end of the day. */
      outOfStock: z.boolean(),
    }),
  ),
});
export type ProductDaily = z.infer<typeof ProductDailySchema>;

/**
 * Profit per product (GET /api/products/profit?from=&to=, issue #13, decision 038): decision 010's
 * lines per product over a range of shop days, each on the day the P&L puts it, with the order's
 * shipping charged, discounts, shipping cost, fees and refunded shipping shared among its lines in
 * proportion to their net value. Summed over the products (the row of items without a product
 * included) the lines equal /api/profit's over the same range, marketing and expenses aside.
 * Amounts are exact decimal strings in the shop currency.
 */
export const ProductProfitQuerySchema = z
  .object({ from: ProfitDaySchema, to: ProfitDaySchema })
  .superRefine(refineProfitRange);
export type ProductProfitQuery = z.infer<typeof ProductProfitQuerySchema>;

/** Parts of the product's figures that are guesses: default-margin costs, shipping cost taken as the charge. */
export const ProductProfitEstimateSchema = z.enum(['cogs', 'shipping_cost']);

const ProductProfitFiguresShape = {
  units: z.number().int(),
  /** Shopify's gross sales: price × quantity before discounts and returns; no shipping, no taxes. */
  grossSales: MoneySchema,
  discounts: MoneySchema,
  /** The value of its returned items (refunded shipping is not a return). */
  returns: MoneySchema,
  /** Gross sales − discounts − returns (Shopify's net sales). */
  netSales: MoneySchema,
  /** Its share of the shipping charged to customers, minus shipping refunded (decision 109). */
  shippingCharges: MoneySchema,
  cogs: MoneySchema,
  grossProfit: MoneySchema,
  /** Gross profit ÷ net sales; null when net sales are zero or negative. */
  grossMargin: z.number().nullable(),
  /** The product's share of its orders' shipping cost and payment fees. */
  shippingCost: MoneySchema,
  paymentFees: MoneySchema,
  /** Gross profit + shipping charges − shipping cost − payment fees (before marketing). */
  contribution: MoneySchema,
  /** Contribution ÷ net sales; null when net sales are zero or negative. */
  contributionMargin: z.number().nullable(),
  coverage: ProfitCoverageSchema,
  estimated: z.array(ProductProfitEstimateSchema),
};

export const ProductProfitRowSchema = z.object({
  /** null: line items with no product (custom items, products deleted from the shop). */
  productId: z.string().nullable(),
  title: z.string(),
  ...ProductProfitFiguresShape,
});
export type ProductProfitRow = z.infer<typeof ProductProfitRowSchema>;

export const ProductProfitSchema = z.object({
  /** False until a shop has been synced. */
  hasData: z.boolean(),
  currency: CurrencyCodeSchema,
  from: z.string(),
  to: z.string(),
  /** How each product's share of its orders' amounts is found, in words (shown on the page). */
  allocationRule: z.string(),
  totals: z.object(ProductProfitFiguresShape),
  /** By contribution, highest first. */
  products: z.array(ProductProfitRowSchema),
});
export type ProductProfit = z.infer<typeof ProductProfitSchema>;
