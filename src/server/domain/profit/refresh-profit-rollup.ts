import { joinInFlight } from '../../caches.ts';
import type { CachedReads } from '../../http/deps.ts';
import { type RollupVersions, readRollupVersions, rebuildProfitDaily } from './profit-queries.ts';

/**
 * Brings a workspace's daily P&L rollup up to the warehouse's current version: nothing when it is
 * already built from it, else one rebuild (shared by concurrent callers in this process; other
 * processes wait on the advisory lock and find it built). Returns the version the rows now
 * reflect (null: no sync has ever run, so there is nothing to version). A caller that has just
 * read the versions (the report, in the same query as its shop and expenses) passes them.
 */
export async function refreshProfitRollup(
  { db, caches }: CachedReads,
  workspaceId: string,
  versions?: RollupVersions,
): Promise<string | null> {
  const { current, built } = versions ?? (await readRollupVersions(db, workspaceId));
  // No sync has ever run: no facts to roll up (the rows of a deleted connection stay until one does).
  if (current === null || current === built) return current;
  await joinInFlight(caches.inFlight, `profit-rollup/${workspaceId}/${current}`, () =>
    rebuildProfitDaily(db, workspaceId, current),
  );
  return current;
}
