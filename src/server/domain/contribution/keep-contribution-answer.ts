import { keptAnswer } from '../../caches.ts';
import type { CachedReads } from '../../http/deps.ts';
import { readRollupVersions } from '../profit/profit-queries.ts';
import { refreshContributionRollups } from './rebuild-contribution-rollups.ts';

/**
 * The product and cohort profit reads group every order a range touches (all history for the
 * cohorts). Their answer only changes when a fact the P&L reads changes — a sync, a fee rule, a
 * cost import or a recalculation — which is exactly what the profit rollup's version digests, so
 * an answer is kept in the app's caches per that version (null: nothing synced, not kept) and
 * concurrent callers share one computation. A failed read is not kept. Both reads add up the
 * contribution rollups (decision 060), brought up to that version first when the analysis job
 * after the sync has not done it yet.
 */
export async function keepContributionAnswer<T>(
  reads: CachedReads,
  read: string,
  workspaceId: string,
  question: unknown,
  compute: () => Promise<T>,
): Promise<T> {
  const { current } = await readRollupVersions(reads.db, workspaceId);
  const fromRollups = async () => {
    await refreshContributionRollups(reads, workspaceId, current);
    return compute();
  };
  if (current === null) return fromRollups();
  return keptAnswer(
    reads.caches.answers,
    `contribution/${JSON.stringify([read, workspaceId, current, question])}`,
    fromRollups,
  );
}
