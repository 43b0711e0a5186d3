import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { findLatestRunId } from '../analysis-runs/read-analytics.ts';

/**
 * The journeys of the orders of an analysis run's customers (of one RFM segment, or of every segment
 * when `segment` is null), as `columns` of `c` (analysis_customers) and `j` (tracking_order_journeys).
 * A session is in a segment when it is one of these journeys' own sessions or a session of one of
 * their visitors (decision 208): decision 192's statement tests that with two hashed sets
 * (funnelSessionFilter), the fold and the re-slice with segmentsOfSession over the same rows copied
 * into funnel_segment_members (decision 224).
 */
export const segmentJourneys = (
  workspaceId: string,
  runId: string | null,
  segment: string | null,
  columns: SQL,
) =>
  sql`SELECT ${columns} FROM analysis_customers c
      JOIN wh_orders o ON o.workspace_id = ${workspaceId}::uuid AND o.customer_id = c.customer_id
      JOIN tracking_order_journeys j ON j.workspace_id = o.workspace_id AND j.order_id = o.order_id
    WHERE c.run_id = ${runId}::uuid ${segment === null ? sql`` : sql`AND c.segment = ${segment}`}`;

/**
 * The RFM segments (sorted, each once) of the run `runId` the tracking_sessions row `s` is in: the
 * segments of the copied journeys (funnel_segment_members) whose visitor is its visitor, or that are
 * its own session — segmentJourneys' membership, with one probe of each of the members' indexes.
 */
export const segmentsOfSession = (workspaceId: string, runId: SQL) =>
  sql`ARRAY(SELECT DISTINCT g.segment FROM funnel_segment_members g
    WHERE g.workspace_id = ${workspaceId}::uuid AND g.run_id = ${runId}
      AND (g.visitor_id = s.visitor_id OR (g.configuration_id = s.configuration_id AND g.session_id = s.session_id))
    ORDER BY 1)`;

/** The run a funnel's segment slices are of (funnel_fold_state.segment_run_id), as a scalar sub-select. */
export const segmentRunOfFunnel = (workspaceId: string, key: string) =>
  sql`(SELECT f.segment_run_id FROM funnel_fold_state f WHERE f.workspace_id = ${workspaceId}::uuid AND f.funnel_key = ${key})`;

/** The latest run whose members are copied (what a rebuild slices by), as a scalar sub-select. */
export const latestSlicedRun = (workspaceId: string) =>
  sql`(SELECT r.run_id FROM funnel_segment_runs r WHERE r.workspace_id = ${workspaceId}::uuid
    ORDER BY r.built_at DESC, r.run_id LIMIT 1)`;

/**
 * Whether a funnel's segment slices are of the store's latest analysis run (decision 224): only then
 * does a report under a segment read its slice; otherwise (a re-slice pending, or no run) it counts
 * over the sessions (decision 192's statement), slower but never of another run.
 */
export async function segmentSliceReady(db: Db, workspaceId: string, key: string): Promise<boolean> {
  const latest = await findLatestRunId(db, workspaceId);
  if (!latest) return false;
  const [state] = await queryRows(
    db,
    z.object({ ready: z.boolean() }),
    sql`SELECT coalesce(${segmentRunOfFunnel(workspaceId, key)} = ${latest}::uuid, false) AS ready`,
  );
  return state?.ready ?? false;
}
