import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { type UpsertRow, type UpsertSpec, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';

/** Owner's cost periods: entering one again for the same variant, source and day replaces it. */
const LEDGER_SPEC: UpsertSpec = {
  table: 'wh_cost_ledger',
  key: ['workspace_id', 'variant_id', 'source', 'effective_from'],
  touch: ['created_at', 'created_by', 'import_id'],
  columns: [
    { name: 'workspace_id', type: 'uuid' },
    { name: 'variant_id', type: 'bigint' },
    { name: 'source', type: 'text' },
    { name: 'effective_from', type: 'date' },
    { name: 'sku', type: 'text' },
    { name: 'cost_minor', type: 'bigint' },
    { name: 'created_at', type: 'timestamptz' },
    { name: 'created_by', type: 'uuid' },
    { name: 'import_id', type: 'bigint' },
  ],
};

export interface OwnerCostPeriod {
  variantId: number;
  sku: string | null;
  costMinor: number;
  effectiveFrom: string;
}

/** Writes owner periods (one per variant and day; the caller dedupes) in bulk `unnest` upserts. */
export async function writeOwnerCosts(
  db: Db,
  args: {
    workspaceId: string;
    source: 'manual' | 'import';
    userId: string | null;
    importId: number | null;
    now: Date;
    periods: readonly OwnerCostPeriod[];
  },
): Promise<number> {
  const createdAt = args.now.toISOString();
  const rows: UpsertRow[] = args.periods.map((period) => ({
    workspace_id: args.workspaceId,
    variant_id: period.variantId,
    source: args.source,
    effective_from: period.effectiveFrom,
    sku: period.sku,
    cost_minor: period.costMinor,
    created_at: createdAt,
    created_by: args.userId,
    import_id: args.importId,
  }));
  return upsertRows(db, LEDGER_SPEC, rows, 20_000);
}

const CreateImportAuditRow = z.object({ id: z.number() });

/** Opens an import's audit row (the caller fills its counts in the same transaction). */
export async function createImportAudit(
  db: Db,
  args: {
    workspaceId: string;
    kind: 'costs' | 'shipping';
    fileName: string | null;
    userId: string | null;
    now: Date;
  },
): Promise<number> {
  const [row] = await queryRows(
    db,
    CreateImportAuditRow,
    sql`INSERT INTO cost_imports (workspace_id, kind, file_name, rows_stored, created_at, created_by)
        VALUES (${args.workspaceId}, ${args.kind}, ${args.fileName}, 0, ${args.now.toISOString()}, ${args.userId})
        RETURNING id::float8 AS id`,
  );
  return row!.id;
}

export async function finishImportAudit(
  db: Db,
  workspaceId: string,
  importId: number,
  rowsStored: number,
  unknown: readonly unknown[],
): Promise<void> {
  await db.execute(
    sql`UPDATE cost_imports SET rows_stored = ${rowsStored}, unknown = ${JSON.stringify(unknown)}::jsonb
        WHERE workspace_id = ${workspaceId} AND id = ${importId}`,
  );
}
