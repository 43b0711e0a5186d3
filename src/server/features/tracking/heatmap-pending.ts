import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { int8Number, queryRows } from '../../db/query-rows.ts';
import { bucketOfWidth, xBinOfSql, yBinOfSql } from '../../domain/tracking/bins-sql.ts';
import type { SparseCells } from '../../domain/tracking/heatmap-tiles.ts';
import { pageKeyOf, X_BINS } from '../../domain/tracking/rollup.ts';
import { bucketListOf, inList, type ResolvedHeatmapFilter } from './heatmap-filters.ts';

const PendingCellRow = z.object({ p: z.string(), i: z.number(), n: int8Number });

/**
 * The heatmap cells of the raw-first rows not yet folded (decision 148): the rows at or past the
 * fold watermark, binned in SQL as `rollUpEvents` bins them (x in 1 % of the viewport width, y in
 * 16 px rows, the viewport bucket of the width, the page without query or fragment). Read in the
 * caller's repeatable-read snapshot, where the watermark and the folded parts are one state: a
 * fold moves the watermark and writes the parts in one transaction, so every event is counted
 * once, from the parts or from here, and a read right after a burst does not wait for a fold.
 *
 * The pending rows are found along the b-tree on `ingested_at` (migration 0685), by this backend
 * alone: the watermark is a run-time value the planner cannot estimate, so it expects a third of
 * the day's partition. Sequential scans are off for the rest of the caller's transaction (it would
 * scan every partition), and so are parallel workers (decision 198): for that third, the planner
 * launched two for a tail of a few thousand rows or none, and starting them was nearly all of a
 * read after a burst (65–95 ms, where the rows themselves took 0.3–10 ms).
 */
export async function pendingCellsOf(
  tx: Db,
  filter: ResolvedHeatmapFilter,
  types: readonly string[],
): Promise<SparseCells> {
  await tx.execute(
    sql`SELECT set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
  );
  const rows = await queryRows(tx, PendingCellRow, pendingCellsQuery(filter, types));
  const pages = new Set(filter.pages);
  const counts = new Map<number, number>();
  for (const row of rows)
    if (pages.has(pageKeyOf(row.p))) counts.set(row.i, (counts.get(row.i) ?? 0) + row.n);
  const index = Uint32Array.from(counts.keys()).sort();
  return { index, count: Float64Array.from(index, (i) => counts.get(i)!) };
}

/** The pending rows' cells of the filter's sites, types, buckets and days, per raw page URL. */
export function pendingCellsQuery(filter: ResolvedHeatmapFilter, types: readonly string[]): SQL {
  const range: SQL[] = [];
  if (filter.from) range.push(sql`AND received_at >= ${filter.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) range.push(sql`AND received_at < (${filter.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return sql`SELECT page_url AS p,
      ${yBinOfSql(sql`y`)} * ${X_BINS}::int + ${xBinOfSql(sql`x`, sql`viewport_width`)} AS i,
      count(*) AS n
    FROM tracking_events
    WHERE ingested_at >= (SELECT folded_before FROM tracking_fold_watermark)
      AND workspace_id = ${filter.workspaceId}::uuid
      AND configuration_id IN (${inList(filter.configurationIds, 'uuid')})
      AND event_type IN (${inList(types, 'text')})
      AND ${bucketOfWidth(sql`viewport_width`)} IN (${inList(bucketListOf(filter), 'text')}) ${sql.join(range, sql` `)}
    GROUP BY 1, 2`;
}
