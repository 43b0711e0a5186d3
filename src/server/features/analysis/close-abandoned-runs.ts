import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { analysisRuns } from '../../db/schema/analysis.ts';
import { INTERRUPTED } from './close-interrupted-runs.ts';

/** The liveness lock a running analysis holds for as long as it runs (decision 115). */
export const runLockKey = (runId: string): string => `analysis-run:${runId}`;

/**
 * At a process's start, marks failed every analysis left `running` whose process is gone (issue
 * #36 item 8): a `kill -9` mid-run writes nothing more, and without this the status page would
 * show the run as running until the workspace's next analysis. A run is gone when nobody holds its
 * liveness lock: on PostgreSQL a run on another live instance keeps its lock and is left alone;
 * on the embedded database only this process can run one, and at its start none does.
 * Answers how many it closed.
 */
export async function closeAbandonedRuns(database: Database, now: Date): Promise<number> {
  const open = await database.db
    .select({ id: analysisRuns.id })
    .from(analysisRuns)
    .where(eq(analysisRuns.status, 'running'));
  const abandoned: string[] = [];
  for (const { id } of open) if (!(await database.isLockHeld(runLockKey(id)))) abandoned.push(id);
  if (abandoned.length === 0) return 0;
  await database.db
    .update(analysisRuns)
    .set({ status: 'failed', finishedAt: now, error: INTERRUPTED })
    .where(and(inArray(analysisRuns.id, abandoned), eq(analysisRuns.status, 'running')));
  return abandoned.length;
}
