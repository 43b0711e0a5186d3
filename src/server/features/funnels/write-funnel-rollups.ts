import { sql } from 'drizzle-orm';
import type { StoredFunnelMarks } from '../../../core/funnels/refold-funnel-marks.ts';
import type { Db } from '../../db/client.ts';

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
}

/** Where a session's path counts in funnel_step_days: nowhere until it passed step 1 and has a day. */
type Placed = Pick<FoldedSession, 'passedAt' | 'day' | 'device' | 'channel'>;

/**
 * Adds (sign 1) or takes away (sign −1) a session's path in the daily step counts being built: one
 * count per step it passed, at its gap in ms from the previous step (0 at step 1) — the same
 * subtraction summarizeFunnel makes.
 */
export function countPath(counts: Map<string, number>, session: Placed, sign: 1 | -1): void {
  if (!session.day || session.passedAt.length === 0) return;
  session.passedAt.forEach((at, step) => {
    const gap = step === 0 ? 0 : at - session.passedAt[step - 1]!;
    const key = JSON.stringify([session.day, session.device ?? '', session.channel ?? '', step, gap]);
    counts.set(key, (counts.get(key) ?? 0) + sign);
  });
}

/**
 * Writes one fold chunk of a funnel (decision 134): the touched sessions' rows (replaced whole) and
 * the changes of the daily step counts (added, rows falling to 0 removed).
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
    }));
    await db.execute(sql`INSERT INTO funnel_session_marks (workspace_id, funnel_key, configuration_id, session_id,
        times, steps, received, sources, passed_at, day, device, channel)
      SELECT ${workspaceId}::uuid, ${key}, r.c, r.s, r.t, r.m, r.r, r.o, r.p, r.d, r.dv, r.ch
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(c uuid, s text, t float8[], m integer[],
        r float8[], o smallint[], p float8[], d date, dv text, ch text)
      ON CONFLICT (workspace_id, funnel_key, configuration_id, session_id) DO UPDATE SET times = EXCLUDED.times,
        steps = EXCLUDED.steps, received = EXCLUDED.received, sources = EXCLUDED.sources,
        passed_at = EXCLUDED.passed_at, day = EXCLUDED.day, device = EXCLUDED.device, channel = EXCLUDED.channel`);
  }
  const changes = [...counts.entries()]
    .filter(([, n]) => n !== 0)
    .map(([k, n]) => {
      const [d, dv, ch, st, g] = JSON.parse(k) as [string, string, string, number, number];
      return { d, dv, ch, st, g, n };
    });
  if (changes.length === 0) return;
  const json = JSON.stringify(changes);
  const changed = sql`json_to_recordset(${json}::json) AS u(d date, dv text, ch text, st smallint, g float8, n integer)`;
  await db.execute(sql`INSERT INTO funnel_step_days (workspace_id, funnel_key, day, device, channel, step, gap_ms, sessions)
    SELECT ${workspaceId}::uuid, ${key}, u.d, u.dv, u.ch, u.st, u.g, u.n FROM ${changed}
    ON CONFLICT (workspace_id, funnel_key, day, device, channel, step, gap_ms)
      DO UPDATE SET sessions = funnel_step_days.sessions + EXCLUDED.sessions`);
  await db.execute(sql`DELETE FROM funnel_step_days f USING ${changed}
    WHERE f.workspace_id = ${workspaceId}::uuid AND f.funnel_key = ${key} AND f.day = u.d AND f.device = u.dv
      AND f.channel = u.ch AND f.step = u.st AND f.gap_ms = u.g AND f.sessions = 0`);
}
