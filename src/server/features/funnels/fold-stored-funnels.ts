import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FunnelStepSchema } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { CHECKOUT_FUNNEL } from '../../domain/funnels/checkout-funnel.ts';
import { foldFunnel } from '../../domain/funnels/fold-funnel.ts';

const FunnelRow = z.object({
  workspace_id: z.string(),
  time_zone: z.string(),
  id: z.string().nullable(),
  steps: z.array(FunnelStepSchema).nullable(),
  window_minutes: z.number().int().nullable(),
});

/**
 * The job after ingestion (decision 134): folds the events received since the last fold into the
 * pre-aggregates of every store's built-in checkout funnel and saved funnels (a funnel not folded
 * before is built here), so a report's own fold-first has only the tail left. Returns the number of
 * funnels folded.
 */
export async function foldStoredFunnels(db: Db): Promise<number> {
  const rows = await queryRows(
    db,
    FunnelRow,
    sql`SELECT w.workspace_id::text, coalesce(shop.iana_timezone, 'UTC') AS time_zone, f.id::text, f.steps,
        f.window_minutes
      FROM (SELECT DISTINCT workspace_id FROM tracking_configurations) w
        LEFT JOIN wh_shops shop ON shop.workspace_id = w.workspace_id
        LEFT JOIN funnels f ON f.workspace_id = w.workspace_id
      ORDER BY w.workspace_id, f.created_at`,
  );
  let folded = 0;
  for (const [i, row] of rows.entries()) {
    const base = { workspaceId: row.workspace_id, timeZone: row.time_zone };
    if (rows[i - 1]?.workspace_id !== row.workspace_id) {
      await foldFunnel(db, { ...base, key: CHECKOUT_FUNNEL.id, ...CHECKOUT_FUNNEL });
      folded += 1;
    }
    if (row.id && row.steps && row.window_minutes) {
      await foldFunnel(db, { ...base, key: row.id, steps: row.steps, windowMinutes: row.window_minutes });
      folded += 1;
    }
  }
  return folded;
}
