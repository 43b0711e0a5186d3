import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';
import { refreshWorkspaceSheets } from './spend-sheets.ts';
import { fillImportedShopFigures } from './write-spend-days.ts';

const DueRow = z.object({ workspace_id: z.string() });

/**
 * Queues the job for each workspace with a sheet not fetched within the sync interval, or with
 * imported days still waiting for a rate, unless one was queued within the interval.
 */
async function enqueueDueSpendSheets(db: Db, now: Date, intervalMinutes: number): Promise<number> {
  const cutoff = new Date(now.getTime() - intervalMinutes * 60_000 * 0.9).toISOString();
  const due = await queryRows(
    db,
    DueRow,
    sql`SELECT DISTINCT workspace_id::text FROM (
          SELECT workspace_id FROM ad_spend_sheets
            WHERE last_fetched_at IS NULL OR last_fetched_at < ${cutoff}
          UNION
          SELECT DISTINCT workspace_id FROM wh_ad_platform_daily
            WHERE source <> 'api' AND spend_shop_minor IS NULL) w
        WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.type = ${catalogue.importSpendSheets.type}
          AND j.payload->>'workspaceId' = w.workspace_id::text AND j.created_at >= ${cutoff})`,
  );
  let added = 0;
  for (const row of due) {
    const { created } = await enqueue(
      db,
      catalogue.importSpendSheets,
      { workspaceId: row.workspace_id },
      { now },
    );
    if (created) added += 1;
  }
  return added;
}

/**
 * The ad-spend imports' job (issue #39 step 4, decisions 105 and 180): `import-spend-sheets`
 * fetches and imports a workspace's published spend sheets, and converts imported days still
 * without a rate once one exists. Queued by the sync schedule and by "Sync now"; a sheet that
 * fails records why on itself (the job still succeeds: the next schedule tries again), so the
 * queue's retries are not spent on a broken link.
 */
export const adSpendJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.importSpendSheets, async ({ deps, payload }) => {
      const failed = await refreshWorkspaceSheets(deps, payload.workspaceId);
      const converted = await fillImportedShopFigures(deps, payload.workspaceId);
      return { failed, converted };
    }),
  ],
  schedules: [
    {
      name: 'spend sheets',
      tick: (deps, now) => enqueueDueSpendSheets(deps.db, now, deps.env.syncIntervalMinutes),
    },
  ],
};
