import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { int8Number, queryRows } from '../../db/query-rows.ts';

/**
 * Heatmap hour parts (decision 085): each ingestion commit appends one row per cell owner (site,
 * page, viewport bucket, event type) holding its cells as arrays, and readers sum the parts of the
 * hours not folded into tiles yet. A busy page would collect a part per commit, and a read of the
 * current hour would read every one of them, so parts are summed in tiers, off the request path:
 * once a process has written PARTS_PER_SUM commit parts (level 0) of one owner and hour, they
 * become one level-1 part; PARTS_PER_SUM level-1 parts become a level-2 part, and level-2 parts
 * are summed into one as soon as there are two. A read then finds at most about PARTS_PER_SUM
 * parts per level and process, and no more cells than one level-2 sum (at most the page's whole
 * grid) and the lower levels' few; a cell is rewritten once or twice, never once per commit.
 * The level-0 count is per process (a crash loses only the count); the hourly tile fold removes
 * whatever is left.
 */
/**
 * Advisory-lock key serialising folds across app processes (exclusive), and keeping hour-part
 * sums (shared, below) out of a fold step.
 */
export const FOLD_LOCK_KEY = 720_421;
export const PARTS_PER_SUM = 32;
const TOP_LEVEL = 2;

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
 * Counts the commit parts this process wrote per owner of the current hour; `add` returns the
 * owners whose count just reached the threshold (their count starts again at zero). The counts of
 * a past hour are dropped when the next hour's first commit arrives.
 */
export function createPartCounter(threshold = PARTS_PER_SUM) {
  let currentHour = '';
  const counts = new Map<string, number>();
  return {
    add(hour: string, cells: readonly { key: Omit<HourPartOwner, 'hour'> }[]): HourPartOwner[] {
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
        counts.delete(id);
        const { configurationId, pageUrl, viewportBucket, eventType } = key;
        due.push({ configurationId, pageUrl, viewportBucket, eventType, hour });
      }
      return due;
    },
  };
}

const CountRow = z.object({ n: int8Number });

/**
 * Sums the owner's level-0 parts of the hour into one level-1 part, then each level that has
 * reached `threshold` parts into the next, and the top level into one part once it has two. One
 * transaction. Parts committed meanwhile are not in its snapshots and stay as they are; two sums
 * of the same parts each add only the rows they deleted, so no cell counts twice. It holds the
 * tile fold's advisory lock in shared mode: a fold step (exclusive) never reads the old parts and then misses a sum
 * inserted after its delete's snapshot. Readers (repeatable read) see either the parts or their sum.
 */
export async function sumHourParts(db: Db, owner: HourPartOwner, threshold = PARTS_PER_SUM): Promise<void> {
  const ofOwner = sql`configuration_id = ${owner.configurationId}::uuid AND page_url = ${owner.pageUrl}
    AND hour = ${owner.hour}::timestamptz AND viewport_bucket = ${owner.viewportBucket}
    AND event_type = ${owner.eventType}`;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${FOLD_LOCK_KEY})`);
    // Nobody waits for this commit; a crash before it leaves the parts as they were.
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    for (let level = 0; level <= TOP_LEVEL; level++) {
      const into = Math.min(level + 1, TOP_LEVEL);
      await tx.execute(sql`
        WITH taken AS (
          DELETE FROM tracking_heatmap_hour_parts WHERE ${ofOwner} AND level = ${level}::smallint
          RETURNING workspace_id, x_bins, y_bins, counts
        ), cells AS (
          SELECT t.workspace_id AS w, c.x, c.y, sum(c.n) AS n
          FROM taken t CROSS JOIN LATERAL unnest(t.x_bins, t.y_bins, t.counts) AS c(x, y, n)
          GROUP BY t.workspace_id, c.x, c.y
        )
        INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
          event_type, level, x_bins, y_bins, counts)
        SELECT w, ${owner.configurationId}::uuid, ${owner.pageUrl}, ${owner.hour}::timestamptz, ${owner.viewportBucket},
          ${owner.eventType}, ${into}::smallint, array_agg(x), array_agg(y), array_agg(n)
        FROM cells GROUP BY w`);
      if (into === level) return;
      const [next] = await queryRows(
        tx,
        CountRow,
        sql`SELECT count(*) AS n FROM tracking_heatmap_hour_parts WHERE ${ofOwner} AND level = ${into}::smallint`,
      );
      // The top level is one running sum: two parts are already one too many.
      if ((next?.n ?? 0) < (into === TOP_LEVEL ? 2 : threshold)) return;
    }
  });
}
