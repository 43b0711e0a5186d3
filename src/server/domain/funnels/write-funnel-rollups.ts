import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { gapBucketOf } from '../../../core/funnels/gap-bucket-of.ts';
import type { StoredFunnelMarks } from '../../../core/funnels/refold-funnel-marks.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** A session's row of funnel_session_marks as a fold leaves it. */
export interface FoldedSession {
  configurationId: string;
  sessionId: string;
  marks: StoredFunnelMarks;
  passedAt: readonly number[];
  /** Shop-local start day, device and channel; day null while the session row is missing. */
  day: string | null;
  device: string | null;
  channel: string | null;
  /** The slices it counts in besides '' (funnelSlicesOf: its campaign, A/B variants and visitor kind, decisions 199, 202). */
  slices: readonly string[];
}

/** Where a session's path counts in funnel_step_days: nowhere until it passed step 1 and has a day. */
type Placed = Pick<FoldedSession, 'passedAt' | 'day' | 'device' | 'channel' | 'slices'>;

/** One change of a daily step table: slice, day, device, channel, step, gap (or bucket) and the count added. */
interface CountChange {
  sl: string;
  d: string;
  dv: string;
  ch: string;
  st: number;
  g: number;
  n: number;
}

/**
 * Adds (sign 1) or takes away (sign −1) a session's path in the daily step counts being built: one
 * count per step it passed, at its gap in ms from the previous step (0 at step 1) — the same
 * subtraction summarizeFunnel makes — in slice '' and in each of its slices (decision 199).
 */
export function countPath(counts: Map<string, number>, session: Placed, sign: 1 | -1): void {
  if (!session.day || session.passedAt.length === 0) return;
  for (const slice of ['', ...session.slices])
    session.passedAt.forEach((at, step) => {
      const gap = step === 0 ? 0 : at - session.passedAt[step - 1]!;
      const key = JSON.stringify([
        slice,
        session.day,
        session.device ?? '',
        session.channel ?? '',
        step,
        gap,
      ]);
      counts.set(key, (counts.get(key) ?? 0) + sign);
    });
}

/**
 * Writes one fold chunk of a funnel (decisions 134, 141): the touched sessions' rows (replaced
 * whole) and the changes of the daily step counts, per exact gap and per gap bucket (added, rows
 * falling to 0 removed).
 */
export async function writeFunnelRollups(
  db: Db,
  workspaceId: string,
  key: string,
  sessions: readonly FoldedSession[],
  counts: ReadonlyMap<string, number>,
): Promise<void> {
  if (sessions.length > 0) {
    const rows = sessions.map((s) => ({
      c: s.configurationId,
      s: s.sessionId,
      t: s.marks.times,
      m: s.marks.steps,
      r: s.marks.received,
      o: s.marks.sources,
      p: s.passedAt,
      d: s.day,
      dv: s.device,
      ch: s.channel,
      sl: s.slices,
    }));
    await db.execute(sql`INSERT INTO funnel_session_marks (workspace_id, funnel_key, configuration_id, session_id,
        times, steps, received, sources, passed_at, day, device, channel, slices)
      SELECT ${workspaceId}::uuid, ${key}, r.c, r.s, r.t, r.m, r.r, r.o, r.p, r.d, r.dv, r.ch, r.sl
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(c uuid, s text, t float8[], m integer[],
        r float8[], o smallint[], p float8[], d date, dv text, ch text, sl text[])
      ON CONFLICT (workspace_id, funnel_key, configuration_id, session_id) DO UPDATE SET times = EXCLUDED.times,
        steps = EXCLUDED.steps, received = EXCLUDED.received, sources = EXCLUDED.sources,
        passed_at = EXCLUDED.passed_at, day = EXCLUDED.day, device = EXCLUDED.device, channel = EXCLUDED.channel,
        slices = EXCLUDED.slices`);
  }
  const changes = [...counts.entries()]
    .filter(([, n]) => n !== 0)
    .map(([k, n]): CountChange => {
      const [sl, d, dv, ch, st, g] = JSON.parse(k) as [string, string, string, string, number, number];
      return { sl, d, dv, ch, st, g, n };
    });
  // The same changes summed per gap bucket (decision 141): what the report reads first.
  const byBucket = new Map<string, CountChange>();
  for (const c of changes) {
    const bucket = gapBucketOf(c.g);
    const k = JSON.stringify([c.sl, c.d, c.dv, c.ch, c.st, bucket]);
    const entry = byBucket.get(k) ?? { ...c, g: bucket, n: 0 };
    entry.n += c.n;
    byBucket.set(k, entry);
  }
  await applyCountChanges(db, workspaceId, key, 'funnel_step_days', 'gap_ms', 'float8', changes);
  await applyCountChanges(db, workspaceId, key, 'funnel_step_buckets', 'bucket', 'integer', [
    ...byBucket.values(),
  ]);
}

/**
 * Adds count changes to one of the daily step tables (`by`: the exact gap or its bucket), removing
 * the rows that fall to 0. Both statements touch only the changed rows, one primary-key probe each
 * (decision 153): the insert returns how many rows it left at 0, and only then are those rows found
 * again — by a probe per change that the planner cannot turn into a scan of the funnel's rows (a
 * join of the changes to the table was planned as one, about 0.25 s per fold at 1M events).
 */
async function applyCountChanges(
  db: Db,
  workspaceId: string,
  key: string,
  table: 'funnel_step_days' | 'funnel_step_buckets',
  by: 'gap_ms' | 'bucket',
  type: 'float8' | 'integer',
  changes: readonly CountChange[],
): Promise<void> {
  const nonZero = changes.filter((c) => c.n !== 0);
  if (nonZero.length === 0) return;
  const [t, column] = [sql.identifier(table), sql.identifier(by)];
  // One array literal per column (arrayLiteral), not a JSON recordset: a demo store's rebuild sends
  // ~137,000 changes, whose JSON (15 MB) cost the server ~1.1 s of CPU to read, the arrays ~0.4 s (decision 250).
  const values = (pick: (c: CountChange) => string | number) => arrayLiteral(nonZero.map(pick));
  const changed = sql`unnest(${values((c) => c.sl)}::text[], ${values((c) => c.d)}::date[],
      ${values((c) => c.dv)}::text[], ${values((c) => c.ch)}::text[], ${values((c) => c.st)}::smallint[],
      ${values((c) => c.g)}::${sql.raw(type)}[], ${values((c) => c.n)}::integer[])
    AS u(sl, d, dv, ch, st, g, n)`;
  const [written] = await queryRows(
    db,
    z.object({ zeros: z.coerce.number() }),
    sql`WITH written AS (
        INSERT INTO ${t} (workspace_id, funnel_key, slice, day, device, channel, step, ${column}, sessions)
        SELECT ${workspaceId}::uuid, ${key}, u.sl, u.d, u.dv, u.ch, u.st, u.g, u.n FROM ${changed}
        ON CONFLICT (workspace_id, funnel_key, slice, day, device, channel, step, ${column})
          DO UPDATE SET sessions = ${t}.sessions + EXCLUDED.sessions
        RETURNING sessions)
      SELECT count(*) FILTER (WHERE sessions = 0) AS zeros FROM written`,
  );
  if (written!.zeros === 0) return;
  // LATERAL … LIMIT 1 is not flattened into a join: one probe of the primary key per change.
  await db.execute(sql`DELETE FROM ${t} WHERE ctid = ANY(ARRAY(
    SELECT z.ctid FROM ${changed} CROSS JOIN LATERAL (
      SELECT f.ctid FROM ${t} f WHERE f.workspace_id = ${workspaceId}::uuid AND f.funnel_key = ${key}
        AND f.slice = u.sl AND f.day = u.d AND f.device = u.dv AND f.channel = u.ch AND f.step = u.st AND f.${column} = u.g
        AND f.sessions = 0 LIMIT 1) z))`);
}
