import { z } from 'zod';
import { isShopDay } from '../calendar.ts';

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
