import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';

/**
 * Heatmap hour cells out of the ingestion request (issue 18, decision 070). A commit group's
 * transaction inserts its raw events and one row of tracking_heatmap_pending_cells holding the
 * group's cells; this fold adds pending rows to tracking_heatmap_hour_cells and deletes them in
 * one statement (one transaction), so a crash at any point leaves each row either pending or
 * added, never both, and the next fold in any process takes what is left.
 */

/**
 * One background fold statement takes the oldest pending rows up to about CELLS_PER_FOLD cells
 * (at least one row, at most ROWS_PER_FOLD), then the fold pauses before the next: about 30 ms of
 * one core at a time, so a backlog is worked off beside the ingestion commits instead of taking a
 * core from them for a fifth of a second (decision 082). Capacity at the bench's ~15 µs a cell:
 * some 35k cells a second, above what one instance ingests.
 */
const CELLS_PER_FOLD = 2_000;
const ROWS_PER_FOLD = 256;

/**
 * One fold at a time across every process (transaction-level advisory lock). Two folds never
 * upsert the same cells at once, so the upsert needs no key order against deadlocks, and its
 * groups are hashed rather than sorted (decision 082).
 */
const PENDING_FOLD_LOCK_KEY = 720_422;

const TakenRow = z.object({ taken: z.union([z.number(), z.string()]) });

/**
 * The fold over the pending rows `chosen` selects, under the fold lock. Cells of several rows are
 * summed before the upsert; sites deleted since the commit are skipped. Its own transaction: call
 * it with the pool, never inside another transaction, whose commit `SET LOCAL` would make
 * asynchronous too.
 */
function foldWhere(db: Db, chosen: ReturnType<typeof sql>): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PENDING_FOLD_LOCK_KEY})`);
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    return foldStatement(tx as unknown as Db, chosen);
  });
}

async function foldStatement(db: Db, chosen: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows(
    db,
    TakenRow,
    sql`WITH taken AS (
      DELETE FROM tracking_heatmap_pending_cells WHERE id IN (${chosen}) RETURNING *
    ), owners AS (
      SELECT t.id, o.k, o.w, o.c, o.p, o.v, o.e
      FROM taken t, unnest(t.owner_workspace_ids, t.owner_configuration_ids, t.owner_page_urls,
        t.owner_viewport_buckets, t.owner_event_types) WITH ORDINALITY AS o(w, c, p, v, e, k)
    ), cells AS (
      SELECT t.id, t.hour, r.o, r.x, r.y, r.n
      FROM taken t, unnest(t.cell_owners, t.x_bins, t.y_bins, t.counts) AS r(o, x, y, n)
    ), added AS (
      INSERT INTO tracking_heatmap_hour_cells AS h (workspace_id, configuration_id, page_url, hour,
        viewport_bucket, event_type, x_bin, y_bin, count)
      SELECT o.w, o.c, o.p, cells.hour, o.v, o.e, cells.x, cells.y, sum(cells.n)
      FROM cells JOIN owners o ON o.id = cells.id AND o.k = cells.o
      WHERE o.c IN (SELECT id FROM tracking_configurations)
      GROUP BY o.c, o.p, o.v, o.e, cells.hour, cells.x, cells.y, o.w
      ON CONFLICT (configuration_id, page_url, viewport_bucket, event_type, hour, x_bin, y_bin)
      DO UPDATE SET count = h.count + EXCLUDED.count
    )
    SELECT count(*) AS taken FROM taken`,
  );
  return Number(row?.taken ?? 0);
}

/**
 * Background fold: takes the oldest pending rows a statement at a time (CELLS_PER_FOLD), waiting
 * `pauseMs` between statements, until none is left. Returns how many rows it folded.
 */
export async function foldPendingCells(db: Db, pauseMs = 0): Promise<number> {
  let folded = 0;
  for (;;) {
    const taken = await foldWhere(
      db,
      sql`SELECT id FROM (
        SELECT id, sum(cardinality(counts)) OVER (ORDER BY id) - cardinality(counts) AS before
        FROM (SELECT id, counts FROM tracking_heatmap_pending_cells ORDER BY id LIMIT ${ROWS_PER_FOLD}
          FOR UPDATE SKIP LOCKED) AS oldest
      ) AS chunk WHERE before < ${CELLS_PER_FOLD}`,
    );
    if (taken === 0) return folded;
    folded += taken;
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

const MaxRow = z.object({ max: z.union([z.number(), z.string()]).nullable() });

/**
 * Before a read of the hour cells (read-your-writes): every row committed before this call is in
 * the hour cells when it returns. A fold in progress is waited for (the fold lock), its rows then
 * found deleted; rows committed later are left to the background fold.
 */
export async function foldCommittedCells(db: Db): Promise<void> {
  const [last] = await queryRows(db, MaxRow, sql`SELECT max(id) AS max FROM tracking_heatmap_pending_cells`);
  if (last?.max == null) return;
  await foldWhere(
    db,
    sql`SELECT id FROM tracking_heatmap_pending_cells WHERE id <= ${Number(last.max)} ORDER BY id FOR UPDATE`,
  );
}
