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
 * The pending rows are found along the b-tree on `ingested_at` (migration 0685); sequential scans
 * are off for the rest of the caller's transaction, as the watermark is a run-time value the
 * planner cannot estimate.
 */
export async function pendingCellsOf(
  tx: Db,
  filter: ResolvedHeatmapFilter,
  types: readonly string[],
): Promise<SparseCells> {
  const range: SQL[] = [];
  if (filter.from) range.push(sql`AND received_at >= ${filter.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) range.push(sql`AND received_at < (${filter.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  const rows = await queryRows(
    tx,
    PendingCellRow,
    sql`SELECT page_url AS p,
        ${yBinOfSql(sql`y`)} * ${X_BINS}::int + ${xBinOfSql(sql`x`, sql`viewport_width`)} AS i,
        count(*) AS n
      FROM tracking_events
      WHERE ingested_at >= (SELECT folded_before FROM tracking_fold_watermark)
        AND workspace_id = ${filter.workspaceId}::uuid
        AND configuration_id IN (${inList(filter.configurationIds, 'uuid')})
        AND event_type IN (${inList(types, 'text')})
        AND ${bucketOfWidth(sql`viewport_width`)} IN (${inList(bucketListOf(filter), 'text')}) ${sql.join(range, sql` `)}
      GROUP BY 1, 2`,
  );
  const pages = new Set(filter.pages);
  const counts = new Map<number, number>();
  for (const row of rows)
    if (pages.has(pageKeyOf(row.p))) counts.set(row.i, (counts.get(row.i) ?? 0) + row.n);
  const index = Uint32Array.from(counts.keys()).sort();
  return { index, count: Float64Array.from(index, (i) => counts.get(i)!) };
}
