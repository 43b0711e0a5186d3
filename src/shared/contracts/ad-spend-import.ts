import { z } from 'zod';
import { isShopDay } from '../calendar.ts';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { KnownCurrencySchema } from './exchange-rates.ts';

/**
 * Spend imports for the platforms without a connector (issue #39 step 4, decisions 105 and 106):
 * a CSV upload, a published sheet's CSV link fetched on the sync schedule, and manual cost lines
 * spread over their days. Every imported day lands as a campaign row of the ad-spend warehouse, so
 * /api/ad-spend and every profit figure count it like the connectors' spend.
 */

/** Platforms an import may name; Google Ads, TikTok and Meta come from their connectors only. */
export const IMPORTED_SPEND_PLATFORMS = [
  'pinterest',
  'microsoft_ads',
  'snapchat',
  'reddit',
  'amazon_ads',
  'linkedin_ads',
  'x_ads',
  'other',
] as const;
export type ImportedSpendPlatform = (typeof IMPORTED_SPEND_PLATFORMS)[number];

/** The platform of manual cost lines (agency fees, influencers); an import cannot name it. */
export const MANUAL_SPEND_PLATFORM = 'manual' as const;

/** POST /api/ad-spend/import?dryRun=true answers the same without writing (the preview). */
export const SpendImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).optional(),
});

export const SpendImportErrorSchema = z.object({
  /** The file's line (the header is row 1). */
  row: z.number().int(),
  /** The column the problem is in ("date", "platform", "campaign", "spend", "currency", "clicks", "impressions"). */
  field: z.string(),
  message: z.string(),
});
export type SpendImportError = z.infer<typeof SpendImportErrorSchema>;

export const SpendImportRowSchema = z.object({
  row: z.number().int(),
  date: z.string(),
  platform: z.enum(IMPORTED_SPEND_PLATFORMS),
  campaign: z.string(),
  /** In `currency` (the row's own). */
  spend: MoneySchema,
  currency: CurrencySchema,
  clicks: z.number().int(),
  impressions: z.number().int(),
  action: z.enum(['insert', 'update', 'unchanged']),
});

/** What an import did (or, as a preview, would do): each day is one campaign day of a platform. */
export const SpendImportResponseSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows skipped, each with the column and the reason; every other row was imported. */
  errors: z.array(SpendImportErrorSchema),
  /** All errors, when more than the first 1,000 listed. */
  errorCount: z.number().int(),
  dryRun: z.boolean(),
  /** The first 500 campaign days read, with what the import does with each. */
  rows: z.array(SpendImportRowSchema),
});
export type SpendImportResponse = z.infer<typeof SpendImportResponseSchema>;

/** A file refused whole (no header, a missing column): nothing was read. */
export const SpendImportRejectedSchema = z.object({
  message: z.string(),
  code: z.literal('csv_invalid'),
  errors: z.array(SpendImportErrorSchema),
});

const ShopDaySchema = z.string().refine(isShopDay, 'must be a date YYYY-MM-DD');

/** A manual cost line as entered: `amount` in `currency`, spread over [from, to] (both included). */
export const ManualSpendLineInputSchema = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,3})?$/, 'must be a positive amount such as 1500.00')
      .refine((text) => /[1-9]/.test(text), 'must be greater than zero'),
    currency: KnownCurrencySchema,
    from: ShopDaySchema,
    to: ShopDaySchema,
  })
  .superRefine((line, context) => {
    if (isShopDay(line.from) && isShopDay(line.to) && line.to < line.from)
      context.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  });
export type ManualSpendLineInput = z.infer<typeof ManualSpendLineInputSchema>;

export const ManualSpendLineParamsSchema = z.object({ id: z.uuid() });

export const ManualSpendLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: MoneySchema,
  currency: CurrencySchema,
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
});
export const ManualSpendLinesResponseSchema = z.object({ lines: z.array(ManualSpendLineSchema) });
export type ManualSpendLine = z.infer<typeof ManualSpendLineSchema>;

/** POST /api/ad-spend/sheets: a stable link to a published CSV (Google Sheets "Publish to web" → CSV). */
export const SpendSheetInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((text) => /^https?:\/\/[^\s]+$/i.test(text) && URL.canParse(text), 'must be an http(s) URL'),
});
export const SpendSheetParamsSchema = z.object({ id: z.uuid() });

export const SpendSheetSchema = z.object({
  id: z.string(),
  url: z.string(),
  createdAt: z.string(),
  lastFetchedAt: z.string().nullable(),
  /** null before the first fetch. */
  status: z.enum(['ok', 'failed']).nullable(),
  /** Why the last fetch failed, or what it imported. */
  message: z.string().nullable(),
  /** The last import's counts and its first row errors. */
  result: z
    .object({
      inserted: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      errorCount: z.number().int(),
      errors: z.array(SpendImportErrorSchema),
    })
    .nullable(),
});
export const SpendSheetsResponseSchema = z.object({ sheets: z.array(SpendSheetSchema) });
export type SpendSheet = z.infer<typeof SpendSheetSchema>;
