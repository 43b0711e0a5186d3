import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DataRequestExportList } from '../../../../shared/contracts/webhooks.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';

const DataRequestExportRow = z.object({
  id: z.string(),
  customer_id: z.string(),
  created_at: z.union([z.string(), z.date()]),
});

/** The workspace's customer-data exports (no content), newest first. */
export async function listDataRequestExports(db: Db, workspaceId: string): Promise<DataRequestExportList> {
  const rows = await queryRows(
    db,
    DataRequestExportRow,
    sql`SELECT id, customer_id::text, created_at FROM customer_data_exports
        WHERE workspace_id = ${workspaceId} ORDER BY created_at DESC, id LIMIT 200`,
  );
  return {
    exports: rows.map((row) => ({
      id: row.id,
      customerId: row.customer_id,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

const DataRequestExportRow2 = z.object({ content: z.string() });

/** One export's JSON document, or null when it is not the workspace's. */
export async function readDataRequestExport(db: Db, workspaceId: string, id: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    DataRequestExportRow2,
    sql`SELECT content::text AS content FROM customer_data_exports WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  return row?.content ?? null;
}
