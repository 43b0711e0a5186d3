import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { catalogue, enqueue, SYNC_JOBS } from '../../../jobs/catalogue.ts';
import { handleJob, type JobHandler } from '../../../jobs/job-handler.ts';
import { jobTypeList } from '../../../jobs/job-type-list.ts';
import { recordDemoStorefront } from './record-demo-storefront.ts';

/**
 * Whether the workspace's Google Ads account is connected: its sync names the campaigns of the
 * tracker's gclids (decision 120), so sessions that land after that sync need another one.
 */
async function googleAdsConnected(db: Db, workspaceId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    z.object({ n: z.number() }),
    sql`SELECT count(*)::int AS n FROM credentials
        WHERE workspace_id = ${workspaceId}::uuid AND provider = 'google_ads' AND status = 'verified'`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** Every source's sync and the analysis: what the job lets finish first. */
const AWAITED_JOBS = jobTypeList([...Object.values(SYNC_JOBS), catalogue.analyzeWorkspace]);

/** How often, and how long at most, the job looks for the connect's syncs and first analysis to end. */
const WAIT_POLL_MS = 500;
const WAIT_AT_MOST_MS = 5 * 60_000;

/**
 * Waits until no sync or analysis of the workspace is running or due: the server's worker runs two
 * jobs at once, so this job may be claimed beside the first sync, and writing 80,000 events then
 * would slow the first analysis it is meant to follow (PGlite shares this thread). A job waiting
 * on a retry's backoff is not waited for, nor anything past five minutes.
 */
async function awaitFirstAnalysis(deps: AppDeps, workspaceId: string, signal: AbortSignal): Promise<void> {
  const until = Date.now() + WAIT_AT_MOST_MS;
  while (Date.now() < until) {
    const [busy] = await queryRows(
      deps.db,
      z.object({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM jobs
          WHERE workspace_id = ${workspaceId}::uuid AND type IN ${AWAITED_JOBS}
            AND (status = 'running' OR (status = 'pending' AND run_at <= ${deps.clock().toISOString()}))`,
    );
    if ((busy?.n ?? 0) === 0) return;
    await sleep(WAIT_POLL_MS, undefined, { signal });
  }
}

/**
 * `record-demo-storefront` (decision 204): the demo storefront's tracker history and pixel
 * checkouts, queued by the demo connect and run after the first analysis, so the owner sees the
 * opportunities of the synced orders without waiting for 80,000 tracker events. Then what reads
 * those sessions runs again, as after any sync: the Google Ads sync (its gclid matches) when that
 * account is connected, and the analysis (its join of orders to journeys). A server outside demo
 * mode has no storefront and records nothing.
 */
export const recordDemoStorefrontJob: JobHandler<AppDeps> = handleJob(
  catalogue.recordDemoStorefront,
  async ({ deps, payload, signal }) => {
    const storefront = deps.demo?.storefront;
    if (!storefront) return { events: 0 };
    const { workspaceId } = payload;
    await awaitFirstAnalysis(deps, workspaceId, signal);
    const events = await recordDemoStorefront(deps.db, workspaceId, storefront, {
      clock: deps.clock,
      retentionDays: deps.env.trackingRetentionDays,
      rawFirst: deps.env.trackingRawFirst,
      publicUrl: deps.publicUrl(),
      onMaintenanceError: (error) => deps.log.error({ err: error }, 'demo storefront maintenance failed'),
    });
    const now = deps.clock();
    if (events > 0 && (await googleAdsConnected(deps.db, workspaceId)))
      await enqueue(deps.db, SYNC_JOBS.google_ads, { workspaceId, reason: 'connect' }, { now });
    if (events > 0) await enqueue(deps.db, catalogue.analyzeWorkspace, { workspaceId }, { now });
    return { events };
  },
);
