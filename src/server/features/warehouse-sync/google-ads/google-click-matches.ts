import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, localDayOf } from '../../../../shared/calendar.ts';
import type { GoogleAdsClient } from '../../../connectors/google-ads/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { SyncSession } from '../../../domain/sync/sync-run.ts';
import { foldFirst } from '../../../domain/tracking/fold-events.ts';
import { type UpsertSpec, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';

/** click_view reaches back 90 days, the day of the query included (contracts/external-apis-2.md §1.7). */
const CLICK_VIEW_DAYS = 90;

const PendingDay = z.object({ day: z.string(), gclids: z.array(z.string()) });

const MATCH_SPEC: UpsertSpec = {
  table: 'ad_click_matches',
  key: ['workspace_id', 'platform', 'click_id'],
  touch: ['matched_at'],
  columns: [
    { name: 'workspace_id', type: 'uuid' },
    { name: 'platform', type: 'text' },
    { name: 'click_id', type: 'text' },
    { name: 'click_date', type: 'date' },
    { name: 'campaign_id', type: 'text' },
    { name: 'ad_group_id', type: 'text' },
    { name: 'matched_at', type: 'timestamptz' },
  ],
};

/**
 * Matching by gclid (issue #39 step 6, decision 120): the tracker's sessions whose landing URL
 * carried a gclid that Google has not been asked about yet, grouped by the account's day of the
 * session, inside click_view's 90 days. Each such day is one `click_view` query; every gclid of the
 * day is stored with the campaign and ad group Google names, or with none when Google's day does not
 * know it (so it is not asked again; a session that arrives later is). Returns the gclids matched.
 */
export async function matchGoogleClicks(
  session: SyncSession,
  client: Pick<GoogleAdsClient, 'clickViews'>,
  timeZone: string,
): Promise<number> {
  await foldFirst(session.deps.db);
  const today = localDayOf(session.now(), timeZone);
  const first = addDays(today, -(CLICK_VIEW_DAYS - 1));
  const days = await queryRows(
    session.deps.db,
    PendingDay,
    sql`SELECT (s.started_at AT TIME ZONE ${timeZone})::date::text AS day, array_agg(DISTINCT s.gclid) AS gclids
        FROM tracking_sessions s
        WHERE s.workspace_id = ${session.workspaceId}::uuid AND s.gclid IS NOT NULL
          AND s.started_at >= (${first}::date)::timestamp AT TIME ZONE ${timeZone}
          AND s.started_at < (${today}::date + 1)::timestamp AT TIME ZONE ${timeZone}
          AND NOT EXISTS (SELECT 1 FROM ad_click_matches m WHERE m.workspace_id = s.workspace_id
            AND m.platform = 'google_ads' AND m.click_id = s.gclid)
        GROUP BY 1 ORDER BY 1`,
  );
  let matched = 0;
  for (const { day, gclids } of days) {
    session.throwIfAborted();
    const named = new Map((await client.clickViews(day)).map((c) => [c.gclid, c]));
    const matchedAt = session.now().toISOString();
    const rows = gclids.map((gclid) => {
      const click = named.get(gclid);
      if (click) matched += 1;
      return {
        workspace_id: session.workspaceId,
        platform: 'google_ads',
        click_id: gclid,
        click_date: day,
        campaign_id: click?.campaignId ?? null,
        ad_group_id: click?.adGroupId ?? null,
        matched_at: matchedAt,
      };
    });
    await session.commitPage((db) => upsertRows(db, MATCH_SPEC, rows), {});
  }
  return matched;
}
