import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SEGMENT_SLICE_PREFIX } from '../../../core/funnels/funnel-slices-of.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** A session a fold chunk touched, as its funnel_session_marks row was before the chunk wrote it. */
export interface StoredPlacement {
  configuration_id: string;
  session_id: string;
  stored: { passed_at: readonly number[] };
  day: string | null;
  device: string | null;
  channel: string | null;
  slices: readonly string[];
}

/**
 * Keeps the drill-down's pre-aggregates (decision 225) for one fold chunk, after writeFunnelRollups
 * replaced the touched sessions' rows: each touched session's exit page count (funnel_exit_pages:
 * slice '' and each of its slices but the RFM segments', its day, device, channel, the step it went no further than, its
 * website and last page) moved from where it was (`before`: its old placement, and the exit page its
 * row kept) to where it is now (its new row, and its session row's last page now — a later event
 * moves the last page, and every tracker event touches its session); and its row's start and exit
 * page set to its session row's (null while the row is missing: then it counts nowhere, as in the
 * step tables). One statement: the old exit page is read before the row is updated; then the exit
 * rows left at 0 are removed by the ctids the insert returned.
 */
export async function writeFunnelExits(
  db: Db,
  workspaceId: string,
  key: string,
  before: readonly StoredPlacement[],
): Promise<void> {
  if (before.length === 0) return;
  // No segment slices here: a re-slice for a new analysis run (decision 224) moves the step tables'
  // counts, not these, so the drill-down under a segment reads over the sessions instead.
  const notSegment = sql`NOT starts_with(u.slice, ${SEGMENT_SLICE_PREFIX})`;
  const column = <T extends string | number | null>(pick: (b: StoredPlacement) => T) =>
    arrayLiteral(before.map(pick));
  const zeros = await queryRows(
    db,
    z.object({ ctid: z.string() }),
    sql`WITH t AS (
        SELECT * FROM unnest(${column((b) => b.configuration_id)}::uuid[], ${column((b) => b.session_id)}::text[],
          ${column((b) => b.day)}::date[], ${column((b) => b.device)}::text[], ${column((b) => b.channel)}::text[],
          ${column((b) => JSON.stringify(b.slices))}::json[], ${column((b) => b.stored.passed_at.length)}::integer[])
          AS t(c, s, d, dv, ch, sl, f)),
      placed AS MATERIALIZED (
        SELECT t.*, m.ctid AS row_ctid, m.exit_page AS old_page, m.day AS new_day, m.device AS new_device,
          m.channel AS new_channel, m.slices AS new_slices, cardinality(m.passed_at) AS new_f,
          CASE WHEN m.day IS NOT NULL THEN s.last_page_url END AS new_page,
          CASE WHEN m.day IS NOT NULL THEN date_trunc('milliseconds', s.started_at) END AS new_start
        FROM t
          -- LATERAL … LIMIT 1: one primary-key probe per session (as readTouched), not a scan of the funnel's rows.
          CROSS JOIN LATERAL (SELECT m.ctid, m.* FROM funnel_session_marks m WHERE m.workspace_id = ${workspaceId}::uuid
            AND m.funnel_key = ${key} AND m.configuration_id = t.c AND m.session_id = t.s LIMIT 1) m
          LEFT JOIN tracking_sessions s ON s.configuration_id = t.c AND s.session_id = t.s),
      kept AS (
        UPDATE funnel_session_marks m SET started_at = p.new_start, exit_page = p.new_page FROM placed p
        WHERE m.ctid = ANY(ARRAY(SELECT row_ctid FROM placed)) AND m.ctid = p.row_ctid),
      changes AS (
        SELECT x.slice, x.d, x.dv, x.ch, x.st, x.c, x.p, sum(x.n) AS n FROM (
          SELECT u.slice, p.d, coalesce(p.dv, '') AS dv, coalesce(p.ch, '') AS ch, p.f AS st, p.c, p.old_page AS p, -1 AS n
          FROM placed p CROSS JOIN unnest(ARRAY[''] || ARRAY(SELECT json_array_elements_text(p.sl))) u(slice)
          WHERE ${notSegment} AND p.d IS NOT NULL AND p.old_page IS NOT NULL AND p.f > 0
          UNION ALL
          SELECT u.slice, p.new_day, coalesce(p.new_device, ''), coalesce(p.new_channel, ''), p.new_f, p.c, p.new_page, 1
          FROM placed p CROSS JOIN unnest(ARRAY[''] || p.new_slices) u(slice)
          WHERE ${notSegment} AND p.new_day IS NOT NULL AND p.new_page IS NOT NULL AND p.new_f > 0) x
        GROUP BY x.slice, x.d, x.dv, x.ch, x.st, x.c, x.p HAVING sum(x.n) <> 0),
      written AS (
        INSERT INTO funnel_exit_pages AS e (workspace_id, funnel_key, slice, day, device, channel, step,
          configuration_id, page_url, sessions)
        SELECT ${workspaceId}::uuid, ${key}, c.slice, c.d, c.dv, c.ch, c.st, c.c, c.p, c.n FROM changes c
        ON CONFLICT (workspace_id, funnel_key, slice, day, device, channel, step, configuration_id, page_url)
          DO UPDATE SET sessions = e.sessions + EXCLUDED.sessions
        RETURNING e.ctid, e.sessions)
      SELECT ctid::text AS ctid FROM written WHERE sessions = 0`,
  );
  if (zeros.length > 0)
    await db.execute(sql`DELETE FROM funnel_exit_pages
      WHERE ctid = ANY(${arrayLiteral(zeros.map((row) => row.ctid))}::tid[])`);
}
