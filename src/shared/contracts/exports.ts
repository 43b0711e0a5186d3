import { z } from 'zod';
import { isShopDay } from '../calendar.ts';
import { ProfitDaySchema, refineProfitRange } from './profit.ts';

/**
 * CSV exports (issue 18.3): `GET /api/export/{dataset}.csv?from&to`. `from` and `to` are shop days
 * (YYYY-MM-DD in the shop's time zone), both inclusive and both optional; the body is RFC 4180 CSV
 * (a header row, then one row per record), money as exact decimal strings of the row's currency.
 */
const ShopDaySchema = z.string().refine(isShopDay, 'expected a day as YYYY-MM-DD');

export const ExportQuerySchema = z
  .object({ from: ShopDaySchema.optional(), to: ShopDaySchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/**
 * `GET /api/export/daily-pnl.csv?from&to` (issue #36 item 6): both days required, validated as
 * every range of the analytics endpoints is (a day 2000–2100, forwards, at most three years).
 */
export const DailyPnlQuerySchema = z
  .object({ from: ProfitDaySchema, to: ProfitDaySchema })
  .superRefine(refineProfitRange);
