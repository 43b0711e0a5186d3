import type { Db } from '../../db/client.ts';
import { readRollupVersions } from '../profit/profit-queries.ts';

/** Answers kept per (read, workspace, facts version, question); the oldest goes first. */
const KEPT = 128;
const kept = new Map<string, Promise<unknown>>();

/**
 * The product and cohort profit reads group every order a range touches (all history for the
 * cohorts): seconds at a million orders. Their answer only changes when a fact the P&L reads
 * changes — a sync, a fee rule, a cost import or a recalculation — which is exactly what the profit
 * rollup's version digests, so an answer is kept per that version (null: nothing synced, not kept)
 * and concurrent callers share one computation. A failed read is not kept.
 */
export async function keepContributionAnswer<T>(
  db: Db,
  read: string,
  workspaceId: string,
  question: unknown,
  compute: () => Promise<T>,
): Promise<T> {
  const { current } = await readRollupVersions(db, workspaceId);
  if (current === null) return compute();
  const key = JSON.stringify([read, workspaceId, current, question]);
  const found = kept.get(key);
  if (found) return found as Promise<T>;
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
  const answer = compute();
  kept.set(key, answer);
  answer.catch(() => kept.delete(key));
  return answer;
}
