import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SEGMENT_SLICE_PREFIX, withSegmentSlices } from '../../../core/funnels/funnel-slices-of.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { findLatestRunId } from '../analysis-runs/read-analytics.ts';
import { segmentJourneys, segmentRunOfFunnel, segmentsOfSession } from './segment-slices.ts';
import { moveBuyerSlices } from './write-funnel-revenue.ts';
import { countPath, writeFunnelRollups } from './write-funnel-rollups.ts';

const CandidateRow = z.object({
  configuration_id: z.string(),
  session_id: z.string(),
  passed_at: z.array(z.coerce.number()),
  day: z.string().nullable(),
  device: z.string().nullable(),
  channel: z.string().nullable(),
  slices: z.array(z.string()),
  segments: z.array(z.string()),
});

/**
 * Moves one funnel's segment slices to the run `runId` (decision 224), under the funnel's fold lock
 * so no fold interleaves: the folded sessions that may change segment — those in a segment slice now
 * (the funnel's rows with an 'r:' slice) and the sessions of the run's member journeys (by the visitor
 * index and by key) — are read with their segments of the new run (segmentsOfSession); those whose
 * slices change have their path taken out of the old slices and counted in the new ones (countPath,
 * as the fold does), their slices replaced, and their revenue moved to the new slices (moveBuyerSlices).
 * Returns the sessions moved.
 */
async function resliceFunnel(db: Db, workspaceId: string, key: string, runId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`funnel-fold:${workspaceId}:${key}`}))`);
    const [state] = await queryRows(
      tx,
      z.object({ current: z.boolean() }),
      sql`SELECT coalesce(${segmentRunOfFunnel(workspaceId, key)} = ${runId}::uuid, false) AS current`,
    );
    if (state?.current) return 0;
    const ofFunnel = sql`m.workspace_id = ${workspaceId}::uuid AND m.funnel_key = ${key}`;
    const candidates = await queryRows(
      tx,
      CandidateRow,
      sql`WITH members AS MATERIALIZED (
          SELECT g.visitor_id, g.configuration_id, g.session_id FROM funnel_segment_members g
          WHERE g.workspace_id = ${workspaceId}::uuid AND g.run_id = ${runId}::uuid),
        candidates AS (
          SELECT m.configuration_id, m.session_id FROM funnel_session_marks m
          WHERE ${ofFunnel} AND EXISTS (SELECT 1 FROM unnest(m.slices) x WHERE starts_with(x, ${SEGMENT_SLICE_PREFIX}))
          UNION SELECT s.configuration_id, s.session_id FROM members g
            JOIN tracking_sessions s ON s.workspace_id = ${workspaceId}::uuid AND s.visitor_id = g.visitor_id
          UNION SELECT g.configuration_id, g.session_id FROM members g)
        SELECT m.configuration_id::text, m.session_id, m.passed_at, m.day::text, m.device, m.channel, m.slices,
          ${segmentsOfSession(workspaceId, sql`${runId}::uuid`)} AS segments
        FROM candidates c
          JOIN funnel_session_marks m ON ${ofFunnel} AND m.configuration_id = c.configuration_id
            AND m.session_id = c.session_id
          JOIN tracking_sessions s ON s.configuration_id = m.configuration_id AND s.session_id = m.session_id`,
    );
    const counts = new Map<string, number>();
    const moved = candidates.flatMap((row) => {
      const slices = withSegmentSlices(row.slices, row.segments);
      if (slices.join('\n') === row.slices.join('\n')) return [];
      // Only the slices left and entered: the path's counts in '' (taken out and put back) cancel.
      const placed = { ...row, passedAt: row.passed_at };
      countPath(counts, { ...placed, slices: row.slices.filter((slice) => !slices.includes(slice)) }, -1);
      countPath(counts, { ...placed, slices: slices.filter((slice) => !row.slices.includes(slice)) }, 1);
      return [{ configurationId: row.configuration_id, sessionId: row.session_id, slices }];
    });
    await writeFunnelRollups(tx, workspaceId, key, [], counts);
    if (moved.length > 0)
      await tx.execute(sql`UPDATE funnel_session_marks m SET slices = u.sl
        FROM json_to_recordset(${JSON.stringify(moved.map((s) => ({ c: s.configurationId, s: s.sessionId, sl: s.slices })))}::json)
          AS u(c uuid, s text, sl text[])
        WHERE ${ofFunnel} AND m.configuration_id = u.c AND m.session_id = u.s`);
    await moveBuyerSlices(tx, workspaceId, key, moved);
    await tx.execute(sql`UPDATE funnel_fold_state SET segment_run_id = ${runId}::uuid
      WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`);
    return moved.length;
  });
}

/**
 * The job after an analysis run (decision 224): copies the latest run's segment member journeys
 * (segmentJourneys) into funnel_segment_members once, moves every folded funnel of the store to that
 * run's segment slices (resliceFunnel), then drops the copies of runs no funnel's slices are of any
 * more. A funnel folded for the first time after the copy is built with it (foldFunnel's rebuild).
 * Returns the funnels re-sliced and the sessions they moved.
 */
export async function sliceFunnelSegments(
  db: Db,
  workspaceId: string,
): Promise<{ runId: string | null; funnels: number; sessions: number }> {
  const runId = await findLatestRunId(db, workspaceId);
  if (!runId) return { runId, funnels: 0, sessions: 0 };
  await db.transaction(async (tx) => {
    const copied = await queryRows(
      tx,
      z.object({ run_id: z.string() }),
      sql`INSERT INTO funnel_segment_runs (workspace_id, run_id) VALUES (${workspaceId}::uuid, ${runId}::uuid)
        ON CONFLICT DO NOTHING RETURNING run_id::text`,
    );
    if (copied.length === 0) return;
    await tx.execute(sql`INSERT INTO funnel_segment_members (workspace_id, run_id, segment, visitor_id, configuration_id,
        session_id)
      ${segmentJourneys(
        workspaceId,
        runId,
        null,
        sql`DISTINCT ${workspaceId}::uuid, ${runId}::uuid, c.segment, j.visitor_id,
        j.configuration_id, j.session_id`,
      )}`);
    await tx.execute(sql`ANALYZE funnel_segment_members`);
  });
  const funnels = await queryRows(
    db,
    z.object({ funnel_key: z.string() }),
    sql`SELECT funnel_key FROM funnel_fold_state WHERE workspace_id = ${workspaceId}::uuid AND definition <> ''
      AND segment_run_id IS DISTINCT FROM ${runId}::uuid ORDER BY funnel_key`,
  );
  let sessions = 0;
  for (const { funnel_key: key } of funnels) sessions += await resliceFunnel(db, workspaceId, key, runId);
  await db.execute(sql`DELETE FROM funnel_segment_runs r WHERE r.workspace_id = ${workspaceId}::uuid
    AND r.run_id <> ${runId}::uuid AND NOT EXISTS (SELECT 1 FROM funnel_fold_state f
      WHERE f.workspace_id = r.workspace_id AND f.segment_run_id = r.run_id)`);
  return { runId, funnels: funnels.length, sessions };
}
