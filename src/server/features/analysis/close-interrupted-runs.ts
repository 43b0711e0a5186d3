import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analysisRuns } from '../../db/schema/analysis.ts';

/** Longer than any analysis takes (a minute at a million orders): a run still open after this was cut off. */
const INTERRUPTED_AFTER_MS = 15 * 60_000;

export const INTERRUPTED =
  'Interrupted: the server running this analysis stopped before it finished. A later run takes its place.';

/**
 * Marks failed the workspace's runs that a stopped server left `running` (a `kill -9` or a crash
 * mid-run writes nothing more), so the status page does not show an analysis running forever.
 * `syncRuns` (a sync-triggered run is starting): those come only from the analyze-workspace job,
 * which runs one at a time per workspace across every instance (its concurrency key), so an open
 * sync-triggered run is an earlier attempt's, cut off. Any other open run counts as cut off only
 * after INTERRUPTED_AFTER_MS: a manual run may be live on another instance.
 */
export async function closeInterruptedRuns(
  db: Db,
  workspaceId: string,
  now: Date,
  { syncRuns }: { syncRuns: boolean },
): Promise<void> {
  const overdue = lt(analysisRuns.startedAt, new Date(now.getTime() - INTERRUPTED_AFTER_MS));
  await db
    .update(analysisRuns)
    .set({ status: 'failed', finishedAt: now, error: INTERRUPTED })
    .where(
      and(
        eq(analysisRuns.workspaceId, workspaceId),
        eq(analysisRuns.status, 'running'),
        syncRuns ? or(eq(analysisRuns.trigger, 'sync'), overdue) : overdue,
      ),
    );
}
