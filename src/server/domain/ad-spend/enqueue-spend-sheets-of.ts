import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';

const SheetRow = z.object({ workspace_id: z.string() });

/**
 * "Sync now" of every source: the workspace's published spend sheets are fetched too, when it has
 * any (the `import-spend-sheets` job, which the ad-spend feature runs).
 */
export async function enqueueSpendSheetsOf(db: Db, workspaceId: string, now: Date): Promise<void> {
  const [sheet] = await queryRows(
    db,
    SheetRow,
    sql`SELECT workspace_id::text FROM ad_spend_sheets WHERE workspace_id = ${workspaceId} LIMIT 1`,
  );
  if (sheet) await enqueue(db, catalogue.importSpendSheets, { workspaceId }, { now });
}
