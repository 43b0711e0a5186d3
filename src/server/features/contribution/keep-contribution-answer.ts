import { keptAnswer } from '../../caches.ts';
import type { CachedReads } from '../../http/deps.ts';
import { readRollupVersions } from '../profit/profit-queries.ts';

/**
 * The product and cohort profit reads group every order a range touches (all history for the
 * cohorts). Their answer only changes when a fact the P&L reads changes — a sync, a fee rule, a
 * cost import or a recalculation — which is exactly what the profit rollup's version digests, so
 * an answer is kept in the app's caches per that version (null: nothing synced, not kept) and
 * concurrent callers share one computation. A failed read is not kept.
 */
export async function keepContributionAnswer<T>(
  reads: CachedReads,
  read: string,
  workspaceId: string,
  question: unknown,
  compute: () => Promise<T>,
): Promise<T> {
  const { current } = await readRollupVersions(reads.db, workspaceId);
  if (current === null) return compute();
  return keptAnswer(
    reads.caches.answers,
    `contribution/${JSON.stringify([read, workspaceId, current, question])}`,
    compute,
  );
}
