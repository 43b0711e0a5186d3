import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Recalculation, RecalculationSchema } from '../../../../shared/contracts/costs.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { ISO_INSTANT } from '../../../domain/costs/load-cost-book.ts';

/** Display name of a user: first and last name, else email. */
export const USER_NAME = sql.raw(`NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '')`);

const RecalculationRow = RecalculationSchema.omit({ costDelta: true }).extend({ costDeltaMinor: z.number() });

/** The workspace's recent recalculations (newest first), or one by id. */
export async function readRecalculations(
  db: Db,
  workspaceId: string,
  digits: number,
  id?: number,
): Promise<Recalculation[]> {
  const rows = await queryRows(
    db,
    RecalculationRow,
    sql`SELECT r.id::text AS id, r.from_date::text AS "from", r.to_date::text AS "to", r.status,
          r.lines_total::float8 AS "linesTotal", r.lines_done::float8 AS "linesDone",
          r.lines_changed::float8 AS "linesChanged", r.cost_delta_minor::float8 AS "costDeltaMinor", r.error,
          COALESCE(${USER_NAME}, u.email) AS "requestedBy",
          to_char(r.requested_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS "requestedAt",
          to_char(r.finished_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS "finishedAt"
        FROM cost_recalculations r LEFT JOIN users u ON u.id = r.requested_by
        WHERE r.workspace_id = ${workspaceId} ${id === undefined ? sql`` : sql`AND r.id = ${id}`}
        ORDER BY r.requested_at DESC, r.id DESC LIMIT 20`,
  );
  return rows.map(({ costDeltaMinor, ...row }) => ({
    ...row,
    costDelta: minorToDecimal(costDeltaMinor, digits),
  }));
}
