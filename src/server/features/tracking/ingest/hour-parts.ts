import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { FOLD_LOCK_KEY } from './heatmap-fold.ts';
import type { CellKey } from './rollup.ts';

/**
 * Heatmap hour parts (decision 085): each ingestion commit appends one row per cell owner (site,
 * page, viewport bucket, event type) holding its cells as arrays, and readers sum the parts of the
 * hours not folded into tiles yet. A busy page would collect a part per commit, so a read of the
 * current hour would unnest as many parts as commits; once a process has written
 * PARTS_PER_COMPACTION parts of one owner and hour, their cells are summed into one part, off the
 * request path. The bound is per process; the hourly tile fold removes whatever is left.
 */
export const PARTS_PER_COMPACTION = 1024;

/** One owner's cells of one UTC hour. */
export interface HourPartOwner {
  configurationId: string;
  pageUrl: string;
  viewportBucket: string;
  eventType: string;
  /** ISO start of the UTC hour. */
  hour: string;
}

/**
 * Counts the parts this process wrote per owner of the current hour; `add` returns the owners whose
 * count just reached the threshold (their count starts again at one: the part the compaction
 * writes). The counts of a past hour are dropped when the next hour's first commit arrives.
 */
export function createPartCounter(threshold = PARTS_PER_COMPACTION) {
  let currentHour = '';
  const counts = new Map<string, number>();
  return {
    add(hour: string, cells: readonly { key: CellKey }[]): HourPartOwner[] {
      if (hour !== currentHour) {
        currentHour = hour;
        counts.clear();
      }
      const due: HourPartOwner[] = [];
      const seen = new Set<string>();
      for (const { key } of cells) {
        const id = `${key.configurationId}\u0000${key.pageUrl}\u0000${key.viewportBucket}\u0000${key.eventType}`;
        if (seen.has(id)) continue;
        seen.add(id);
        const count = (counts.get(id) ?? 0) + 1;
        if (count < threshold) {
          counts.set(id, count);
          continue;
        }
        counts.set(id, 1);
        const { configurationId, pageUrl, viewportBucket, eventType } = key;
        due.push({ configurationId, pageUrl, viewportBucket, eventType, hour });
      }
      return due;
    },
  };
}

/**
 * Replaces the parts of one owner and hour by one part holding their summed cells, in one
 * statement. Parts committed meanwhile are not in its snapshot and stay as they are; two
 * compactions of the same parts each sum only the rows they managed to delete, so no cell counts
 * twice. It holds the tile fold's advisory lock in shared mode: a fold step (exclusive) never runs
 * between a compaction's delete and insert, so it never folds the old parts and then misses the
 * deletion of the new one. Readers (repeatable read) see either the parts or their sum.
 */
export async function compactHourParts(db: Db, owner: HourPartOwner): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${FOLD_LOCK_KEY})`);
    // Nobody waits for this commit; a crash before it leaves the parts as they were.
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await tx.execute(sql`
      WITH taken AS (
        DELETE FROM tracking_heatmap_hour_parts
        WHERE configuration_id = ${owner.configurationId}::uuid AND page_url = ${owner.pageUrl}
          AND hour = ${owner.hour}::timestamptz AND viewport_bucket = ${owner.viewportBucket}
          AND event_type = ${owner.eventType}
        RETURNING workspace_id, x_bins, y_bins, counts
      ), cells AS (
        SELECT t.workspace_id AS w, c.x, c.y, sum(c.n) AS n
        FROM taken t CROSS JOIN LATERAL unnest(t.x_bins, t.y_bins, t.counts) AS c(x, y, n)
        GROUP BY t.workspace_id, c.x, c.y
      )
      INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
        event_type, x_bins, y_bins, counts)
      SELECT w, ${owner.configurationId}::uuid, ${owner.pageUrl}, ${owner.hour}::timestamptz, ${owner.viewportBucket},
        ${owner.eventType}, array_agg(x), array_agg(y), array_agg(n)
      FROM cells GROUP BY w`);
  });
}
