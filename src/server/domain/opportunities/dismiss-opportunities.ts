import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, localDayOf } from '../../../shared/calendar.ts';
import type { DismissOpportunityBody, Opportunity } from '../../../shared/contracts/opportunities.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { opportunities } from '../../db/schema/analysis.ts';
import { badRequest } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';
import { findLatestRun } from '../analysis-runs/read-analytics.ts';
import { findOwnOpportunity, presentOpportunity } from './manage-opportunities.ts';

/** Longest snooze: a year of shop days. */
const MAX_SNOOZE_DAYS = 365;

const ShopZoneRow = z.object({ zone: z.string() });

/** The shop's time zone (UTC before a shop is synced). */
async function readShopZone(db: Db, workspaceId: string): Promise<string> {
  const [row] = await queryRows(
    db,
    ShopZoneRow,
    sql`SELECT coalesce((SELECT iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}), 'UTC') AS zone`,
  );
  return row?.zone ?? 'UTC';
}

async function present(reads: CachedReads, workspaceId: string, id: string, now: Date): Promise<Opportunity> {
  const run = await findLatestRun(reads, workspaceId);
  const [row] = await reads.db.select().from(opportunities).where(eq(opportunities.id, id));
  return presentOpportunity(row!, run?.currencyCode ?? 'USD', now);
}

/**
 * Dismisses an opportunity (issue #36): off the list until restored, or — with `until`, a shop day
 * after today and within a year — snoozed until the start of that day in the shop's time zone. The
 * status is kept by identity across analysis runs (run-analysis.ts), so a re-analysis does not bring
 * it back. An implemented opportunity is not dismissed (restore it first): 400.
 */
export async function dismissOpportunity(
  reads: CachedReads,
  workspaceId: string,
  userId: string,
  id: string,
  body: DismissOpportunityBody,
  now: Date,
): Promise<Opportunity> {
  const { db } = reads;
  const row = await findOwnOpportunity(db, workspaceId, id);
  if (row.status === 'implemented') {
    throw badRequest('This opportunity is implemented; restore it before dismissing it.');
  }
  let snoozedUntil: SQL | null = null;
  if (body.until !== undefined) {
    const zone = await readShopZone(db, workspaceId);
    const today = localDayOf(now, zone);
    if (body.until <= today || body.until > addDays(today, MAX_SNOOZE_DAYS)) {
      throw badRequest(`until must be a day after ${today} and at most ${MAX_SNOOZE_DAYS} days ahead.`);
    }
    snoozedUntil = sql`(${body.until}::date::timestamp AT TIME ZONE ${zone})`;
  }
  await db
    .update(opportunities)
    .set({ status: 'dismissed', snoozedUntil, dismissedBy: userId, statusChangedAt: now })
    .where(and(eq(opportunities.id, id), eq(opportunities.workspaceId, workspaceId)));
  return present(reads, workspaceId, id, now);
}

/**
 * Puts an opportunity back on the list as open (issue #36): undoes a dismissal or a snooze, and an
 * Implement (its baseline and measured impact are cleared, so a later Implement measures afresh).
 */
export async function restoreOpportunity(
  reads: CachedReads,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<Opportunity> {
  const { db } = reads;
  await findOwnOpportunity(db, workspaceId, id);
  await db
    .update(opportunities)
    .set({
      status: 'open',
      snoozedUntil: null,
      dismissedBy: null,
      implementedAt: null,
      implementedBy: null,
      baseline: null,
      realisedImpact: null,
      realisedMeasuredAt: null,
      statusChangedAt: now,
    })
    .where(and(eq(opportunities.id, id), eq(opportunities.workspaceId, workspaceId)));
  return present(reads, workspaceId, id, now);
}
