import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Recalculation } from '../../../../shared/contracts/costs.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { requireShop } from '../../../domain/shop/read-shop.ts';
import { AppError, badRequest } from '../../../errors.ts';
import { catalogue, enqueue } from '../../../jobs/catalogue.ts';
import { readDay } from '../../../platform/csv/read-csv.ts';
import { readRecalculations } from '../queries/read-recalculations.ts';

const LiveRow = z.object({ id: z.string() });

const RequestRecalculationRow = z.object({ id: z.number() });

/** POST /api/costs/recalculations: queues a recalculation of [from, to] (one at a time per workspace). */
export async function requestRecalculation(
  db: Db,
  args: { workspaceId: string; userId: string; from: string; to: string; now: Date },
): Promise<Recalculation> {
  const shop = await requireShop(db, args.workspaceId);
  const from = readDay(args.from);
  if (typeof from !== 'string') throw badRequest(`from: ${from.error}`);
  const to = readDay(args.to);
  if (typeof to !== 'string') throw badRequest(`to: ${to.error}`);
  if (to < from) throw badRequest(`to: ${to} is before from ${from}`);
  const id = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`recalculate-costs:${args.workspaceId}`}))`);
    // A run whose job failed without it (every attempt's process died) is over, not running.
    await tx.execute(
      sql`UPDATE cost_recalculations r SET status = 'failed', finished_at = ${args.now.toISOString()},
            error = 'The worker running this recalculation stopped responding.'
          FROM jobs j
          WHERE r.workspace_id = ${args.workspaceId} AND r.status IN ('pending', 'running')
            AND j.id = r.job_id AND j.status = 'failed'`,
    );
    const live = await queryRows(
      tx,
      LiveRow,
      sql`SELECT id::text AS id FROM cost_recalculations
          WHERE workspace_id = ${args.workspaceId} AND status IN ('pending', 'running') LIMIT 1`,
    );
    if (live.length > 0)
      throw new AppError(
        409,
        'recalculation_running',
        'A recalculation is already running; wait for it to finish.',
      );
    const [row] = await queryRows(
      tx,
      RequestRecalculationRow,
      sql`INSERT INTO cost_recalculations (workspace_id, from_date, to_date, requested_by, requested_at)
          VALUES (${args.workspaceId}, ${from}, ${to}, ${args.userId}, ${args.now.toISOString()})
          RETURNING id::float8 AS id`,
    );
    const recalculationId = row!.id;
    // In the transaction that records the run, so a run never exists without its job.
    const { job } = await enqueue(
      tx,
      catalogue.recalculateCosts,
      { workspaceId: args.workspaceId, recalculationId },
      { now: args.now },
    );
    await tx.execute(
      sql`UPDATE cost_recalculations SET job_id = ${job.id} WHERE workspace_id = ${args.workspaceId} AND id = ${recalculationId}`,
    );
    return recalculationId;
  });
  const [created] = await readRecalculations(db, args.workspaceId, shop.digits, id);
  return created!;
}
