import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, localDayOf } from '../../../shared/calendar.ts';
import type { Funnel, FunnelReportQuery } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldFunnel } from './fold-funnel.ts';

const ShopRow = z.object({ time_zone: z.string().nullable(), currency: z.string().nullable() });

/** A funnel as a report reads it: its key in the pre-aggregates (its id, or 'checkout'), steps and window. */
export type ReportedFunnel = Pick<Funnel, 'id' | 'name' | 'steps' | 'windowMinutes'>;

/**
 * The shop days and currency of a funnel read, its pre-aggregates folded up to now (decision 134:
 * fold-first, so the events received since the last fold count): the days `from`–`to` asked, by
 * default the 30 days up to the shop's today.
 */
export async function prepareFunnelRead(
  db: Db,
  workspaceId: string,
  funnel: ReportedFunnel,
  query: FunnelReportQuery,
  now: Date,
): Promise<{ from: string; to: string; timeZone: string; currency: string }> {
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT iana_timezone AS time_zone, currency_code AS currency FROM wh_shops WHERE workspace_id = ${workspaceId}::uuid`,
  );
  const timeZone = shop?.time_zone ?? 'UTC';
  const to = query.to ?? localDayOf(now, timeZone);
  const from = query.from ?? addDays(to, -29);
  await foldFunnel(db, {
    workspaceId,
    key: funnel.id,
    steps: funnel.steps,
    windowMinutes: funnel.windowMinutes,
    timeZone,
  });
  return { from, to, timeZone, currency: shop?.currency ?? 'USD' };
}
