import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { refreshWorkspaceSheets } from '../../features/ad-spend/spend-sheets.ts';
import { fillImportedShopFigures } from '../../features/ad-spend/write-spend-days.ts';
import { enqueue } from '../enqueue.ts';
import { defineJob } from '../job-definition.ts';

/**
 * The published spend sheets of one workspace fetched and imported (issue #39 step 4, decision
 * 105), and imported days still without a rate converted once one exists. Queued by the sync
 * schedule and by "Sync now"; a sheet that fails records why on itself (the job still succeeds:
 * the next schedule tries again), so the queue's retries are not spent on a broken link.
 */
export const importSpendSheetsJob = defineJob({
  type: 'import-spend-sheets',
  payloadSchema: z.object({ workspaceId: z.uuid() }),
  maxAttempts: 3,
  priority: 110,
  concurrencyKey: (payload) => `import-spend-sheets:${payload.workspaceId}`,
  async run({ deps, payload }) {
    const failed = await refreshWorkspaceSheets(deps, payload.workspaceId);
    const converted = await fillImportedShopFigures(deps, payload.workspaceId);
    return { failed, converted };
  },
});

const DueRow = z.object({ workspace_id: z.string() });

/**
 * Queues the job for each workspace with a sheet not fetched within the sync interval, or with
 * imported days still waiting for a rate, unless one was queued within the interval.
 */
export async function enqueueDueSpendSheets(db: Db, now: Date, intervalMinutes: number): Promise<number> {
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
        WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.type = ${importSpendSheetsJob.type}
          AND j.payload->>'workspaceId' = w.workspace_id::text AND j.created_at >= ${cutoff})`,
  );
  let added = 0;
  for (const row of due) {
    const { created } = await enqueue(db, importSpendSheetsJob, { workspaceId: row.workspace_id }, { now });
    if (created) added += 1;
  }
  return added;
}

/** "Sync now" of every source: the workspace's sheets are fetched too, when it has any. */
export async function enqueueSpendSheetsOf(db: Db, workspaceId: string, now: Date): Promise<void> {
  const [sheet] = await queryRows(
    db,
    DueRow,
    sql`SELECT workspace_id::text FROM ad_spend_sheets WHERE workspace_id = ${workspaceId} LIMIT 1`,
  );
  if (sheet) await enqueue(db, importSpendSheetsJob, { workspaceId }, { now });
}
