import { z } from 'zod';
import { isShopDay } from '../calendar.ts';
import { CurrencySchema } from '../money.ts';

/**
 * Exchange rates for the All-stores views (issue #17 item 1, decision 067): the European Central
 * Bank's daily euro reference rates, fetched by a job, and rates an owner or admin enters by hand
 * when the feed is unreachable. Every rate is units of a currency per one euro, as the ECB gives it.
 */

export const RATE_FIRST_DAY = '2000-01-01';
export const RATE_LAST_DAY = '2100-12-31';

/** Where a rate came from: the ECB feed, or entered by hand. */
export const RateSourceSchema = z.enum(['ecb', 'manual']);

/** An exact positive decimal with at most 10 whole and 10 fraction digits, as a string ("1.0856"). */
export const RateDecimalSchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,10})?$/, 'must be a positive decimal number such as 1.0856')
  .refine((text) => /[1-9]/.test(text), 'must be greater than zero');

/** ISO 4217 codes the platform knows (Intl), so a typo such as "USX" is refused. */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code the platform knows. */
export const KnownCurrencySchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as USD')
  .refine((code) => KNOWN_CURRENCIES.has(code), 'is not an ISO 4217 currency code');

/** POST /api/exchange-rates — a rate entered by hand: `rate` units of `currency` per euro on `date`. */
export const ManualRateBodySchema = z.object({
  date: z
    .string()
    .refine(isShopDay, 'must be a date YYYY-MM-DD')
    .refine(
      (day) => !isShopDay(day) || (day >= RATE_FIRST_DAY && day <= RATE_LAST_DAY),
      'must be between 2000-01-01 and 2100-12-31',
    ),
  currency: KnownCurrencySchema.refine((code) => code !== 'EUR', 'EUR is the base: its rate is always 1'),
  rate: RateDecimalSchema,
});
export type ManualRateBody = z.infer<typeof ManualRateBodySchema>;

export const ManualRateSchema = z.object({
  date: z.string(),
  currency: CurrencySchema,
  rate: z.string(),
  enteredAt: z.iso.datetime(),
  /** Who entered it (their e-mail), null when that user is gone. */
  enteredBy: z.string().nullable(),
});

/** GET /api/exchange-rates (and the answer of POST /api/exchange-rates/fetch): the feed's state. */
export const ExchangeRateStatusSchema = z.object({
  /** The feed's folder (…/stats/eurofxref). */
  feedUrl: z.string(),
  lastAttemptAt: z.iso.datetime().nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
  /** Why the last attempt failed, null when it succeeded (or none was made). */
  lastError: z.string().nullable(),
  /** The newest day the ECB published rates for, as stored. */
  latestEcbDate: z.string().nullable(),
  /** The team's hand-entered rates, newest day first (at most 100). */
  manualRates: z.array(ManualRateSchema),
});
export type ExchangeRateStatus = z.infer<typeof ExchangeRateStatusSchema>;
