import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type CreateFunnel, type Funnel, FunnelStepSchema } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { notFound } from '../../errors.ts';

const FunnelRow = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(FunnelStepSchema),
  window_minutes: z.number().int(),
  created_at: timestampColumn,
});

const present = (row: z.infer<typeof FunnelRow>): Funnel => ({
  id: row.id,
  name: row.name,
  steps: row.steps,
  windowMinutes: row.window_minutes,
  createdAt: new Date(row.created_at).toISOString(),
});

/** POST /api/funnels (issue 40): saves a funnel of the store. */
export async function createFunnel(db: Db, workspaceId: string, input: CreateFunnel): Promise<Funnel> {
  const [row] = await queryRows(
    db,
    FunnelRow,
    sql`INSERT INTO funnels (workspace_id, name, steps, window_minutes)
      VALUES (${workspaceId}::uuid, ${input.name}, ${JSON.stringify(input.steps)}::jsonb, ${input.windowMinutes})
      RETURNING id::text, name, steps, window_minutes, created_at`,
  );
  return present(row!);
}

/** GET /api/funnels: the store's saved funnels, oldest first. */
export async function listFunnels(db: Db, workspaceId: string): Promise<Funnel[]> {
  const rows = await queryRows(
    db,
    FunnelRow,
    sql`SELECT id::text, name, steps, window_minutes, created_at FROM funnels
      WHERE workspace_id = ${workspaceId}::uuid ORDER BY created_at, id`,
  );
  return rows.map(present);
}

/** One saved funnel of the store; another store's is "not found". */
export async function getFunnel(db: Db, workspaceId: string, id: string): Promise<Funnel> {
  const [row] = await queryRows(
    db,
    FunnelRow,
    sql`SELECT id::text, name, steps, window_minutes, created_at FROM funnels
      WHERE workspace_id = ${workspaceId}::uuid AND id = ${id}::uuid`,
  );
  if (!row) throw notFound('Funnel not found.');
  return present(row);
}
