/** The incremental pass the Shopify customers and orders streams share. */
import type { Db } from '../../../db/client.ts';
import type { SyncSession } from '../run-source-sync.ts';
import { later, OVERLAP_MS, type StreamCursor } from './shopify-stream-cursor.ts';

/** One page of an incremental pass: its write, its newest update and the next page's cursor. */
export interface IncrementalPage {
  write: (db: Db) => Promise<number>;
  /** Newest `updatedAt` on the page (null when it had none). */
  newest: string | null;
  /** The next page's cursor; null on the last page. */
  nextAfter: string | null;
}

/**
 * One incremental pass of `stream` by `updated_at`: pages from the cursor's `after` (a pass cut
 * short resumes there), each committed together with the cursor that resumes after it; when the
 * last page is in, the next pass starts from the newest update seen minus OVERLAP_MS (rows updated
 * during the pass are read again, never missed), or where this one started when nothing came.
 * `fetchPage(after, query)` reads one page for the Admin API search `query`.
 */
export async function runIncrementalStream(
  session: SyncSession,
  stream: 'customers' | 'orders',
  state: StreamCursor,
  fetchPage: (after: string | null, query: string | null) => Promise<IncrementalPage>,
): Promise<void> {
  let { after = null, maxSeen = null } = state;
  const updatedFrom = state.updatedFrom ?? null;
  const query = updatedFrom ? `updated_at:>='${updatedFrom}'` : null;
  for (;;) {
    session.throwIfAborted();
    const page = await fetchPage(after, query);
    maxSeen = later(maxSeen, page.newest);
    await session.commitPage(page.write, {
      [stream]: { phase: 'incremental', updatedFrom, after: page.nextAfter, maxSeen } satisfies StreamCursor,
    });
    if (!page.nextAfter) break;
    after = page.nextAfter;
  }
  const nextFrom = maxSeen ? new Date(Date.parse(maxSeen) - OVERLAP_MS).toISOString() : updatedFrom;
  await session.commitPage(async () => 0, {
    [stream]: {
      phase: 'incremental',
      updatedFrom: nextFrom,
      after: null,
      maxSeen: null,
    } satisfies StreamCursor,
  });
}

/**
 * Where the incremental passes start after a bulk backfill: five minutes before the export began,
 * so rows updated while it ran are read again.
 */
export function incrementalAfterBulk(bulkStartedAt: string | undefined, now: Date): StreamCursor {
  return {
    phase: 'incremental',
    updatedFrom: new Date(Date.parse(bulkStartedAt ?? now.toISOString()) - 5 * 60_000).toISOString(),
    after: null,
    maxSeen: null,
  };
}
