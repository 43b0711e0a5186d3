import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sessionRevenue } from './funnel-session-filter.ts';

/** A session of a funnel, as the revenue tables key it. */
export interface SessionKey {
  configurationId: string;
  sessionId: string;
}

/** Where a session's orders count in funnel_revenue_days: its day, device, channel, slices and steps passed. */
interface Placement {
  day: string | null;
  device: string | null;
  channel: string | null;
  slices: readonly string[];
  stepsPassed: number;
}

/**
 * Whether a fold moved a session's orders to other funnel_revenue_days rows (decision 174): a session
 * counts there only once it has a day and passed step 1, by its day, device, channel, slices
 * (decision 199) and the number of steps it passed (not its gaps), so re-matching that keeps these
 * keeps its revenue in place.
 */
export function revenuePlacementChanged(before: Placement, after: Placement): boolean {
  const counted = (p: Placement) => p.day !== null && p.stepsPassed > 0;
  if (!counted(before) && !counted(after)) return false;
  return (
    counted(before) !== counted(after) ||
    before.day !== after.day ||
    (before.device ?? '') !== (after.device ?? '') ||
    (before.channel ?? '') !== (after.channel ?? '') ||
    before.slices.join('\n') !== after.slices.join('\n') ||
    before.stepsPassed !== after.stepsPassed
  );
}

const DayRow = z.object({ day: z.string() });

/** The sessions of a key list, as a relation (configuration_id, session_id). */
const sessionList = (sessions: readonly SessionKey[]) =>
  sql`(SELECT DISTINCT x.c AS configuration_id, x.s AS session_id
    FROM json_to_recordset(${JSON.stringify(sessions.map((s) => ({ c: s.configurationId, s: s.sessionId })))}::json)
      AS x(c uuid, s text))`;

/**
 * Re-reads the revenue of some of a funnel's sessions (a relation of configuration_id, session_id)
 * and brings funnel_revenue_days back to the sums of funnel_buyer_sessions on every day it touched
 * (decision 174): each session's row is replaced by what funnel_session_marks places and
 * sessionRevenue (the live read's one definition of an order's revenue and contribution parts, refunds
 * so far included) reads now, and the days it left or entered are summed again from their buying
 * sessions. Idempotent: re-reading a session that did not change changes nothing.
 */
async function refreshSessions(db: Db, workspaceId: string, key: string, sessions: SQL): Promise<void> {
  // Every statement goes from the sessions to the tables one primary-key probe at a time (LATERAL …
  // LIMIT 1, and a LATERAL revenue read per session, neither flattened into a join): in a rebuild
  // the tables' statistics are those of before it, and joins planned on them scanned the funnel's
  // rows, or joined the sessions to their revenue as nested loops over both, per chunk.
  const left = await queryRows(
    db,
    DayRow,
    sql`DELETE FROM funnel_buyer_sessions WHERE ctid = ANY(ARRAY(
        SELECT b.ctid FROM ${sessions} t CROSS JOIN LATERAL (
          SELECT b.ctid FROM funnel_buyer_sessions b WHERE b.workspace_id = ${workspaceId}::uuid
            AND b.funnel_key = ${key} AND b.configuration_id = t.configuration_id AND b.session_id = t.session_id
          LIMIT 1) b))
      RETURNING day::text AS day`,
  );
  const entered = await queryRows(
    db,
    DayRow,
    sql`WITH kept AS MATERIALIZED (
        SELECT m.* FROM ${sessions} t CROSS JOIN LATERAL (
          SELECT m.configuration_id, m.session_id, m.day, coalesce(m.device, '') AS device,
            coalesce(m.channel, '') AS channel, m.slices, cardinality(m.passed_at) AS steps_passed
          FROM funnel_session_marks m WHERE m.workspace_id = ${workspaceId}::uuid AND m.funnel_key = ${key}
            AND m.configuration_id = t.configuration_id AND m.session_id = t.session_id
          LIMIT 1) m
        -- Outside the probe: inside, \`cardinality(passed_at) > 0\` matched the partial day index,
        -- which the planner took on a rebuild's stale statistics (a scan of the funnel per session).
        WHERE m.day IS NOT NULL AND m.steps_passed > 0)
      INSERT INTO funnel_buyer_sessions (workspace_id, funnel_key, configuration_id, session_id, day, device,
        channel, slices, steps_passed, revenue, gross_sales, shipping_charges, discounts, returns, cogs, shipping,
        payment_fees)
      SELECT ${workspaceId}::uuid, ${key}, p.configuration_id, p.session_id, p.day, p.device, p.channel, p.slices,
        p.steps_passed, r.revenue, r.gross_sales, r.shipping_charges, r.discounts, r.returns, r.cogs, r.shipping,
        r.payment_fees
      FROM kept p CROSS JOIN LATERAL (${sessionRevenue(workspaceId, sql`(SELECT p.configuration_id, p.session_id)`)}) r
      RETURNING day::text AS day`,
  );
  const days = [...new Set([...left, ...entered].map((row) => row.day))];
  if (days.length === 0) return;
  const onDays = sql`workspace_id = ${workspaceId}::uuid AND funnel_key = ${key} AND day = ANY(${arrayLiteral(days)}::date[])`;
  await db.execute(sql`DELETE FROM funnel_revenue_days WHERE ${onDays}`);
  await sumBuyerSessionsIntoDays(db, onDays);
}

/**
 * A rebuild's revenue tables (decision 188), once its chunks have written every session's marks: the
 * buying sessions (placed on a day, passed step 1, joined to orders) with sessionRevenue's parts, and
 * their sums per day, device, channel and steps passed — the rows refreshSessions keeps, written in
 * two set-based statements instead of a re-read per chunk (each chunk read its sessions' revenue one
 * probe at a time and analyzed two tables: 375 s for the 1M bench's rebuild). The funnel's marks were
 * all written in this transaction, so they are analyzed first: the statistics of before the rebuild
 * (none) would plan the joins as nested loops over the sessions.
 */
export async function rebuildFunnelRevenue(db: Db, workspaceId: string, key: string): Promise<void> {
  const ofFunnel = sql`workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`;
  await db.execute(sql`ANALYZE funnel_session_marks`);
  await db.execute(sql`DELETE FROM funnel_buyer_sessions WHERE ${ofFunnel}`);
  await db.execute(sql`DELETE FROM funnel_revenue_days WHERE ${ofFunnel}`);
  // Each revenue row finds its session's placement by one primary-key probe (LATERAL … LIMIT 1), not
  // by a join of the two CTEs: the journeys are analyzed by no one here, so both CTEs were estimated
  // at 1 row and joined as a nested loop that scanned every session's revenue per kept session
  // (5,203 × 5,121 rows, 14 of the statement's 16 s for the demo store's checkout funnel, decision 250).
  await db.execute(sql`WITH kept AS MATERIALIZED (
      SELECT m.configuration_id, m.session_id
      FROM funnel_session_marks m
      WHERE m.workspace_id = ${workspaceId}::uuid AND m.funnel_key = ${key} AND m.day IS NOT NULL
        AND cardinality(m.passed_at) > 0
        AND EXISTS (SELECT 1 FROM tracking_order_journeys j WHERE j.workspace_id = ${workspaceId}::uuid
          AND j.configuration_id = m.configuration_id AND j.session_id = m.session_id)),
    revenue AS MATERIALIZED (${sessionRevenue(workspaceId, sql`kept`)})
    INSERT INTO funnel_buyer_sessions (workspace_id, funnel_key, configuration_id, session_id, day, device,
      channel, slices, steps_passed, revenue, gross_sales, shipping_charges, discounts, returns, cogs, shipping,
      payment_fees)
    SELECT ${workspaceId}::uuid, ${key}, r.configuration_id, r.session_id, p.day, p.device, p.channel, p.slices,
      p.steps_passed, r.revenue, r.gross_sales, r.shipping_charges, r.discounts, r.returns, r.cogs, r.shipping,
      r.payment_fees
    FROM revenue r CROSS JOIN LATERAL (
      SELECT m.day, coalesce(m.device, '') AS device, coalesce(m.channel, '') AS channel, m.slices,
        cardinality(m.passed_at) AS steps_passed
      FROM funnel_session_marks m WHERE m.workspace_id = ${workspaceId}::uuid AND m.funnel_key = ${key}
        AND m.configuration_id = r.configuration_id AND m.session_id = r.session_id
      LIMIT 1) p`);
  await sumBuyerSessionsIntoDays(db, ofFunnel);
  await db.execute(sql`ANALYZE funnel_buyer_sessions`);
}

/** Re-reads the revenue of the sessions a fold chunk moved (revenuePlacementChanged). */
export async function refreshMovedSessions(
  db: Db,
  workspaceId: string,
  key: string,
  sessions: readonly SessionKey[],
): Promise<void> {
  if (sessions.length > 0) await refreshSessions(db, workspaceId, key, sessionList(sessions));
}

/**
 * Gives some buying sessions other slices (a re-slice for another analysis run, decision 224) and
 * sums the days they count on again: their revenue stays (no order changed), only the slices it is
 * summed into move — one statement over the sessions instead of refreshSessions' re-read of each
 * session's orders.
 */
export async function moveBuyerSlices(
  db: Db,
  workspaceId: string,
  key: string,
  sessions: readonly (SessionKey & { slices: readonly string[] })[],
): Promise<void> {
  if (sessions.length === 0) return;
  const moved = sessions.map((s) => ({ c: s.configurationId, s: s.sessionId, sl: s.slices }));
  const days = await queryRows(
    db,
    DayRow,
    sql`UPDATE funnel_buyer_sessions b SET slices = u.sl
      FROM json_to_recordset(${JSON.stringify(moved)}::json) AS u(c uuid, s text, sl text[])
      WHERE b.workspace_id = ${workspaceId}::uuid AND b.funnel_key = ${key} AND b.configuration_id = u.c
        AND b.session_id = u.s
      RETURNING b.day::text AS day`,
  );
  const touched = [...new Set(days.map((row) => row.day))];
  if (touched.length === 0) return;
  const onDays = sql`workspace_id = ${workspaceId}::uuid AND funnel_key = ${key} AND day = ANY(${arrayLiteral(touched)}::date[])`;
  await db.execute(sql`DELETE FROM funnel_revenue_days WHERE ${onDays}`);
  await sumBuyerSessionsIntoDays(db, onDays);
}

const TakenRow = z.object({
  everything: z.boolean().nullable(),
  orders: z.array(z.coerce.number()).nullable(),
  sessions: z.array(z.object({ c: z.string(), s: z.string() })).nullable(),
});

/**
 * Takes a funnel's order marks (funnel_dirty_orders, left by every write of orders, their lines,
 * refunds, transactions, shipping costs and journeys, and by fee rules) and re-reads the revenue of
 * the sessions they concern: those the marked orders are joined to now, those a marked journey named
 * (a journey moved or removed leaves its old session), and every buying session for a fee rule.
 */
export async function refreshMarkedOrders(db: Db, workspaceId: string, key: string): Promise<void> {
  const [taken] = await queryRows(
    db,
    TakenRow,
    sql`WITH taken AS (
        DELETE FROM funnel_dirty_orders WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}
        RETURNING order_id, configuration_id, session_id)
      SELECT bool_or(order_id IS NULL AND session_id IS NULL) AS everything,
        array_agg(DISTINCT order_id) FILTER (WHERE order_id IS NOT NULL) AS orders,
        json_agg(DISTINCT jsonb_build_object('c', configuration_id, 's', session_id))
          FILTER (WHERE session_id IS NOT NULL) AS sessions
      FROM taken`,
  );
  if (!taken || taken.everything === null) return;
  if (taken.everything) {
    // Every session with a journey, and every session counted now (its journey may be gone).
    await refreshSessions(
      db,
      workspaceId,
      key,
      sql`(SELECT configuration_id, session_id FROM tracking_order_journeys WHERE workspace_id = ${workspaceId}::uuid
        UNION SELECT configuration_id, session_id FROM funnel_buyer_sessions
        WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key})`,
    );
    return;
  }
  const named = (taken.sessions ?? []).map((s) => ({ configurationId: s.c, sessionId: s.s }));
  await refreshSessions(
    db,
    workspaceId,
    key,
    sql`(SELECT j.configuration_id, j.session_id FROM tracking_order_journeys j
        WHERE j.workspace_id = ${workspaceId}::uuid AND j.order_id = ANY(${arrayLiteral(taken.orders ?? [])}::bigint[])
      UNION SELECT configuration_id, session_id FROM ${sessionList(named)} n)`,
  );
}

/**
 * The buying sessions that `where` selects, summed into `funnel_revenue_days` per slice (each session
 * in '' and in each of its slices, decision 199), day, device, channel and steps passed.
 */
async function sumBuyerSessionsIntoDays(db: Db, where: SQL): Promise<void> {
  await db.execute(sql`INSERT INTO funnel_revenue_days (workspace_id, funnel_key, slice, day, device, channel,
      steps_passed, revenue, gross_sales, shipping_charges, discounts, returns, cogs, shipping, payment_fees)
    SELECT b.workspace_id, b.funnel_key, x.slice, b.day, b.device, b.channel, b.steps_passed, sum(b.revenue),
      sum(b.gross_sales), sum(b.shipping_charges), sum(b.discounts), sum(b.returns), sum(b.cogs), sum(b.shipping),
      sum(b.payment_fees)
    FROM funnel_buyer_sessions b CROSS JOIN LATERAL unnest('{""}'::text[] || b.slices) AS x(slice)
    WHERE ${where}
    GROUP BY b.workspace_id, b.funnel_key, x.slice, b.day, b.device, b.channel, b.steps_passed`);
}
