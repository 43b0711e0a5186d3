import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '../../../shared/calendar.ts';
import type { RangeComparison } from '../../../shared/contracts/date-range.ts';
import {
  type ComparisonKind,
  comparisonHasData,
  type DayRangeRequest,
  lastCompleteDay,
  resolveDayRange,
} from '../../../shared/day-range.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** The window every figure of one read covers, and what the shop counts in (decision 011). */
export interface MetricWindow {
  periodDays: number;
  /** Inclusive shop days 'YYYY-MM-DD'. */
  start: string;
  end: string;
  /** The comparison range (the same number of days just before unless asked otherwise). */
  previousStart: string;
  previousEnd: string;
  /** The comparison as asked (null: none), with whether the shop has data in it. */
  comparison: RangeComparison | null;
  /** The shop's first day with a valid order. */
  firstDay: string;
  currency: string;
  currencyDigits: number;
  timeZone: string;
  /** Digest of the sources' sync states: same version, same warehouse (a cache key). */
  version: string | null;
  lastSyncAt: string | null;
}

/** Orders that count as sales (alias `o`): the workspace's, not test, not cancelled. */
export const validOrderOf = (workspaceId: string) =>
  sql`o.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL`;

const MetricWindowRow = z.object({
  currency_code: z.string().nullable(),
  currency_digits: z.number().nullable(),
  iana_timezone: z.string().nullable(),
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
  version: z.string().nullable(),
  last_sync: z.string().nullable(),
});

/**
 * The window of a range request (resolveDayRange): `from`–`to` as asked, or the last `period`
 * shop days (WINDOW_RULE) ending on the last complete shop day (yesterday in the shop's time
 * zone), or on the last day with a valid order when the warehouse's orders stop earlier; a bare
 * number is the period. Null before a shop with an order is synced. Every read service that shows
 * a figure over a period takes its window from here, so equal periods are equal days.
 * `defaultCompare` is the comparison when the request names none.
 */
export async function readMetricWindow(
  db: Db,
  workspaceId: string,
  request: number | DayRangeRequest,
  now: Date,
  defaultCompare: ComparisonKind | 'none' = 'previous_period',
): Promise<MetricWindow | null> {
  const [row] = await queryRows(
    db,
    MetricWindowRow,
    sql`SELECT s.currency_code, s.currency_digits, s.iana_timezone,
          (SELECT min(o.order_date)::text FROM wh_orders o WHERE ${validOrderOf(workspaceId)}) AS first_day,
          (SELECT max(o.order_date)::text FROM wh_orders o WHERE ${validOrderOf(workspaceId)}) AS last_day,
          (SELECT md5(string_agg(source || updated_at::text || cursor::text, '|' ORDER BY source))
            FROM sync_states WHERE workspace_id = ${workspaceId}) AS version,
          (SELECT max(last_success_at)::text FROM sync_states WHERE workspace_id = ${workspaceId}) AS last_sync
        FROM wh_shops s WHERE s.workspace_id = ${workspaceId}`,
  );
  if (!row?.currency_code || !row.iana_timezone || !row.last_day || !row.first_day) return null;
  const yesterday = lastCompleteDay(now, row.iana_timezone);
  const lastComplete = [row.last_day, yesterday].sort()[0]!;
  const asked = typeof request === 'number' ? { period: request } : request;
  const range = resolveDayRange(asked, lastComplete, defaultCompare);
  const previous = range.comparison ?? {
    from: addDays(range.from, -range.days),
    to: addDays(range.from, -1),
  };
  return {
    periodDays: range.days,
    start: range.from,
    end: range.to,
    previousStart: previous.from,
    previousEnd: previous.to,
    comparison: range.comparison && {
      ...range.comparison,
      hasData: comparisonHasData(range.comparison, row.first_day),
      firstDataDay: row.first_day,
    },
    firstDay: row.first_day,
    currency: row.currency_code,
    currencyDigits: Number(row.currency_digits),
    timeZone: row.iana_timezone,
    version: row.version,
    lastSyncAt: row.last_sync ? new Date(row.last_sync).toISOString() : null,
  };
}
