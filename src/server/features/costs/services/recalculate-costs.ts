import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '../../../../shared/calendar.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { ISO_INSTANT } from '../../../domain/costs/load-cost-book.ts';
import { recordAudit } from '../../../platform/audit/record-audit.ts';
import { inTransaction } from '../../../platform/session/members-store.ts';
import {
  countLinesPerDay,
  repriceLinesInRange,
  repriceProfileShippingInRange,
} from '../queries/reprice-in-range.ts';

/**
 * `from`..`to` cut into consecutive ranges of whole days with ≤ `linesPerStep` lines each (a day
 * with more is a range of its own); days without lines join the range that follows them.
 */
function stepsOf(
  from: string,
  to: string,
  days: ReadonlyArray<{ day: string; lines: number }>,
  linesPerStep: number,
) {
  const steps: Array<{ from: string; to: string; lines: number }> = [];
  let start = from;
  let lines = 0;
  let end: string | null = null;
  for (const day of days) {
    if (end !== null && lines + day.lines > linesPerStep) {
      steps.push({ from: start, to: end, lines });
      start = addDays(end, 1);
      lines = 0;
    }
    lines += day.lines;
    end = day.day;
  }
  steps.push({ from: start, to, lines });
  return steps;
}

const RunRow = z.object({
  from: z.string(),
  to: z.string(),
  status: z.string(),
  doneThrough: z.string().nullable(),
  linesTotal: z.number(),
  linesChanged: z.number(),
});

/**
 * The recalculation job's work (decisions 016 and 037): re-freezes the costs of every line whose
 * order day is in the run's range from today's ledger, and the profile shipping of those orders,
 * in set-based SQL over a range of days at a time. Each step commits its lines and counts; the
 * run's `done_through_date` then moves to the last day before which every step has committed, so a
 * run whose process died resumes after it (the job is retried) and redoes at most the steps that
 * were in flight, which change nothing the second time.
 * `linesPerStep` is COST_RECALCULATION_STEP_LINES (100,000 by default); `stepsInFlight` steps run
 * at once on their own connections (COST_RECALCULATION_PARALLEL_STEPS on PostgreSQL, 1 on PGlite,
 * which has one connection): the database's time is almost all the lines' new versions and their
 * index entries, one CPU per step.
 * The finished row is the audit entry (who asked, when, lines in range, lines changed, COGS change).
 */
export async function runCostRecalculation(
  db: Db,
  args: {
    workspaceId: string;
    recalculationId: number;
    now: () => Date;
    signal: AbortSignal;
    linesPerStep: number;
    stepsInFlight: number;
  },
): Promise<{ linesTotal: number; linesChanged: number }> {
  const { workspaceId, recalculationId: id } = args;
  const [run] = await queryRows(
    db,
    RunRow,
    sql`SELECT from_date::text AS "from", to_date::text AS "to", status, done_through_date::text AS "doneThrough",
          lines_total::float8 AS "linesTotal", lines_changed::float8 AS "linesChanged"
        FROM cost_recalculations WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  if (!run) return { linesTotal: 0, linesChanged: 0 };
  // A run already 'running' belonged to a process that died: resume after its last committed step.
  const resumed = run.status === 'running';
  const from = resumed && run.doneThrough !== null ? addDays(run.doneThrough, 1) : run.from;
  const days = from <= run.to ? await countLinesPerDay(db, workspaceId, from, run.to) : [];
  const linesLeft = days.reduce((sum, day) => sum + day.lines, 0);
  const linesTotal = resumed ? run.linesTotal : linesLeft;
  await db.execute(
    resumed
      ? // Steps that committed after the last recorded day are redone: count their lines once.
        sql`UPDATE cost_recalculations SET lines_done = greatest(0, lines_total - ${linesLeft})
            WHERE workspace_id = ${workspaceId} AND id = ${id}`
      : sql`UPDATE cost_recalculations SET status = 'running', started_at = ${args.now().toISOString()},
            lines_total = ${linesTotal}, lines_done = 0, lines_changed = 0, cost_delta_minor = 0, error = NULL,
            done_through_date = NULL
          WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  const steps = from <= run.to ? stepsOf(from, run.to, days, args.linesPerStep) : [];
  const committed = steps.map(() => false);
  let next = 0;
  let linesChanged = resumed ? run.linesChanged : 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < steps.length) {
      const index = next++;
      const step = steps[index]!;
      args.signal.throwIfAborted();
      const priced = await db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        // A step's lines fit the hash join in memory rather than spilling to temporary files.
        await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
        const result = await repriceLinesInRange(tx, workspaceId, step.from, step.to);
        await repriceProfileShippingInRange(tx, workspaceId, step.from, step.to);
        await tx.execute(
          sql`UPDATE cost_recalculations SET lines_done = lines_done + ${step.lines},
                lines_changed = lines_changed + ${result.changed}, cost_delta_minor = cost_delta_minor + ${result.deltaMinor}
              WHERE workspace_id = ${workspaceId} AND id = ${id}`,
        );
        return result;
      });
      linesChanged += priced.changed;
      committed[index] = true;
      const prefix = committed.indexOf(false);
      const through = steps[(prefix === -1 ? steps.length : prefix) - 1];
      if (through)
        await db.execute(
          sql`UPDATE cost_recalculations SET done_through_date = ${through.to}
              WHERE workspace_id = ${workspaceId} AND id = ${id}
                AND (done_through_date IS NULL OR done_through_date < ${through.to}::date)`,
        );
    }
  };
  // A failed step stops the others taking new steps; the run is marked failed only once the steps
  // in flight have committed or rolled back, so nothing writes to it after its failure is recorded.
  const settled = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(args.stepsInFlight, steps.length)) }, () =>
      worker().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    ),
  );
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  const finishedAt = args.now();
  await inTransaction(db, async (tx) => {
    await tx.execute(
      sql`UPDATE cost_recalculations SET status = 'succeeded', finished_at = ${finishedAt.toISOString()}
          WHERE workspace_id = ${workspaceId} AND id = ${id}`,
    );
    await recordRecalculationAudit(tx, workspaceId, id, finishedAt);
  });
  return { linesTotal, linesChanged };
}

const FinishedRunRow = z.object({
  teamId: z.string(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  from: z.string(),
  to: z.string(),
  linesTotal: z.number(),
  linesChanged: z.number(),
});

/**
 * The audit entry of a finished recalculation (issue #36): who asked for it and when, its days,
 * and the lines it re-priced and changed; the entry's time is when it finished.
 */
async function recordRecalculationAudit(db: Db, workspaceId: string, id: number, finishedAt: Date) {
  const [run] = await queryRows(
    db,
    FinishedRunRow,
    sql`SELECT w.team_id::text AS "teamId", r.requested_by::text AS "requestedBy",
          to_char(r.requested_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS "requestedAt",
          r.from_date::text AS "from", r.to_date::text AS "to",
          r.lines_total::float8 AS "linesTotal", r.lines_changed::float8 AS "linesChanged"
        FROM cost_recalculations r JOIN workspaces w ON w.id = r.workspace_id
        WHERE r.workspace_id = ${workspaceId} AND r.id = ${id}`,
  );
  if (!run) return;
  await recordAudit(
    db,
    {
      teamId: run.teamId,
      storeId: workspaceId,
      actorUserId: run.requestedBy,
      action: 'costs.recalculated',
      target: `${run.from} – ${run.to}`,
      details: {
        recalculationId: id,
        requestedAt: run.requestedAt,
        from: run.from,
        to: run.to,
        linesRecalculated: run.linesTotal,
        linesChanged: run.linesChanged,
      },
    },
    finishedAt,
  );
}

/** Marks a run failed with its error (the job's last attempt failed). */
export async function failCostRecalculation(
  db: Db,
  workspaceId: string,
  id: number,
  error: string,
  now: Date,
) {
  await db.execute(
    sql`UPDATE cost_recalculations SET status = 'failed', error = ${error.slice(0, 500)}, finished_at = ${now.toISOString()}
        WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
}
