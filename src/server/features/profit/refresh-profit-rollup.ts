import { joinInFlight } from '../../caches.ts';
import type { CachedReads } from '../../http/deps.ts';
import { readRollupVersions, rebuildProfitDaily } from './profit-queries.ts';

/**
 * Brings a workspace's daily P&L rollup up to the warehouse's current version: nothing when it is
 * already built from it, else one rebuild (shared by concurrent callers in this process; other
 * processes wait on the advisory lock and find it built). Returns the version the rows now
 * reflect (null: no sync has ever run, so there is nothing to version).
 */
export async function refreshProfitRollup(
  { db, caches }: CachedReads,
  workspaceId: string,
): Promise<string | null> {
  const { current, built } = await readRollupVersions(db, workspaceId);
  // No sync has ever run: no facts to roll up (the rows of a deleted connection stay until one does).
  if (current === null || current === built) return current;
  await joinInFlight(caches.inFlight, `profit-rollup/${workspaceId}/${current}`, () =>
    rebuildProfitDaily(db, workspaceId, current),
  );
  return current;
}
