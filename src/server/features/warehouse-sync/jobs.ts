import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SYNC_SOURCES, type SyncSource, SyncSourceSchema } from '../../../shared/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { runSourceSync, type SyncOutcome, type SyncSession } from '../../domain/sync/sync-run.ts';
import type { AppDeps } from '../../http/deps.ts';
import { enqueue, SYNC_JOBS } from '../../jobs/catalogue.ts';
import { type FeatureJobs, handleJob, type JobHandler } from '../../jobs/job-handler.ts';
import { syncGa4 } from './ga4/ga4-sync.ts';
import { syncGoogleAds } from './google-ads/google-ads-sync.ts';
import { syncMeta } from './meta/meta-sync.ts';
import { syncShopify } from './shopify/shopify-sync.ts';
import { syncTikTokAds } from './tiktok/tiktok-ads-sync.ts';

/**
 * The warehouse sync's jobs (decision 180): one sync job per source — the source's body run by
 * `runSourceSync` (sync state, cursor pages, the analysis queued after a success) — and the sync
 * schedule.
 */
const syncHandler = (
  source: SyncSource,
  body: (session: SyncSession) => Promise<SyncOutcome>,
): JobHandler<AppDeps> =>
  handleJob(SYNC_JOBS[source], ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source, signal }, body),
  );

/** `'a', 'b'` as bound parameters (credentials of providers without a sync job are left out). */
const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const DueRow = z.object({ workspace_id: z.string(), provider: SyncSourceSchema });

/**
 * The sync schedule: every `env.syncIntervalMinutes` (15 by default), each verified source of each
 * workspace gets a sync job unless one started recently; returns how many jobs were added. Several
 * processes ticking at once still add one job per source (concurrency keys, and the "started
 * recently" check).
 */
export async function enqueueDueSyncs(db: Db, now: Date, intervalMinutes: number): Promise<number> {
  // 90 % of the interval, so a tick that fires slightly early does not skip a whole period.
  const cutoff = new Date(now.getTime() - intervalMinutes * 60_000 * 0.9).toISOString();
  const due = await queryRows(
    db,
    DueRow,
    sql`SELECT c.workspace_id, c.provider FROM credentials c
        LEFT JOIN sync_states s ON s.workspace_id = c.workspace_id AND s.source = c.provider
        WHERE c.status = 'verified' AND (s.last_started_at IS NULL OR s.last_started_at < ${cutoff})
          AND c.provider IN (${sqlList(SYNC_SOURCES)})`,
  );
  let added = 0;
  for (const row of due) {
    const { created } = await enqueue(
      db,
      SYNC_JOBS[row.provider],
      { workspaceId: row.workspace_id, reason: 'schedule' },
      { now },
    );
    if (created) added += 1;
  }
  return added;
}

export const warehouseSyncJobs: FeatureJobs<AppDeps> = {
  handlers: [
    syncHandler('shopify', syncShopify),
    syncHandler('ga4', syncGa4),
    syncHandler('meta', syncMeta),
    syncHandler('google_ads', syncGoogleAds),
    syncHandler('tiktok_ads', syncTikTokAds),
  ],
  schedules: [
    {
      name: 'due syncs',
      tick: (deps, now) => enqueueDueSyncs(deps.db, now, deps.env.syncIntervalMinutes),
    },
  ],
};
