import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

const ForecastClosureRow = z.object({ day: z.string() });

/** The days a workspace's owner confirmed as closed, oldest first (the analysis run's input). */
export async function listForecastClosures(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await queryRows(
    db,
    ForecastClosureRow,
    sql`SELECT closed_on::text AS day FROM forecast_closures
        WHERE workspace_id = ${workspaceId} ORDER BY closed_on`,
  );
  return rows.map((r) => r.day);
}

/** Stores a confirmation (a second one of the same day keeps the first). */
export async function insertForecastClosure(
  db: Db,
  workspaceId: string,
  day: string,
  userId: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO forecast_closures (workspace_id, closed_on, confirmed_by, confirmed_at)
        VALUES (${workspaceId}, ${day}, ${userId}, ${now.toISOString()})
        ON CONFLICT (workspace_id, closed_on) DO NOTHING`,
  );
}

/** Withdraws a confirmation; nothing happens when there was none. */
export async function deleteForecastClosure(db: Db, workspaceId: string, day: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM forecast_closures WHERE workspace_id = ${workspaceId} AND closed_on = ${day}`,
  );
}
