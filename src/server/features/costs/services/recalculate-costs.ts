import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '../../../../shared/calendar.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
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
 * in set-based SQL over a range of days at a time, each step committed with the run's progress and
 * its last day, so a run whose process died resumes after its last step (the job is retried).
 * `linesPerStep` is COST_RECALCULATION_STEP_LINES (100,000 by default).
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
  let linesTotal = run.linesTotal;
  let linesChanged = resumed ? run.linesChanged : 0;
  if (!resumed) {
    linesTotal = days.reduce((sum, day) => sum + day.lines, 0);
    await db.execute(
      sql`UPDATE cost_recalculations SET status = 'running', started_at = ${args.now().toISOString()},
            lines_total = ${linesTotal}, lines_done = 0, lines_changed = 0, cost_delta_minor = 0, error = NULL,
            done_through_date = NULL
          WHERE workspace_id = ${workspaceId} AND id = ${id}`,
    );
  }
  for (const step of from <= run.to ? stepsOf(from, run.to, days, args.linesPerStep) : []) {
    args.signal.throwIfAborted();
    const result = await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      // A step's lines fit the hash join in memory rather than spilling to temporary files.
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      const priced = await repriceLinesInRange(tx, workspaceId, step.from, step.to);
      await repriceProfileShippingInRange(tx, workspaceId, step.from, step.to);
      await tx.execute(
        sql`UPDATE cost_recalculations SET lines_done = lines_done + ${step.lines},
              lines_changed = lines_changed + ${priced.changed}, cost_delta_minor = cost_delta_minor + ${priced.deltaMinor},
              done_through_date = ${step.to}
            WHERE workspace_id = ${workspaceId} AND id = ${id}`,
      );
      return priced;
    });
    linesChanged += result.changed;
  }
  await db.execute(
    sql`UPDATE cost_recalculations SET status = 'succeeded', finished_at = ${args.now().toISOString()}
        WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  return { linesTotal, linesChanged };
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
