import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SpendImportResponse, SpendSheet } from '../../../shared/contracts/ad-spend-import.ts';
import { queryRows } from '../../db/query-rows.ts';
import { requireShop } from '../../domain/shop/read-shop.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { CsvRejectedError } from '../../platform/csv/read-csv.ts';
import { fetchPublishedCsv, SheetFetchError } from './fetch-published-csv.ts';
import { importSpendCsv } from './import-spend-csv.ts';

/**
 * Published sheets of spend (issue #39 step 4, decision 105): a stable CSV link per workspace,
 * read when it is added (a link that cannot be read or is not a spend CSV is refused, nothing
 * stored), then on the sync schedule and on "Sync now" (the import-spend-sheets job, ad-spend/jobs.ts),
 * each time with the upload's validation. The last outcome — counts, row errors, or why the link
 * failed — is kept on the sheet and shown with it.
 */

type Deps = Pick<AppDeps, 'db' | 'env' | 'demo' | 'clock' | 'log'>;

const SHOWN_ERRORS = 20;

const SheetRow = z.object({
  id: z.string(),
  url: z.string(),
  created_at: z.string(),
  last_fetched_at: z.string().nullable(),
  last_status: z.enum(['ok', 'failed']).nullable(),
  last_message: z.string().nullable(),
  last_result: z
    .object({
      inserted: z.number(),
      updated: z.number(),
      unchanged: z.number(),
      errorCount: z.number(),
      errors: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
    })
    .nullable(),
});

const SELECT = sql`SELECT id::text, url, to_json(created_at)#>>'{}' AS created_at,
    to_json(last_fetched_at)#>>'{}' AS last_fetched_at, last_status, last_message, last_result
  FROM ad_spend_sheets`;

const toSheet = (row: z.infer<typeof SheetRow>): SpendSheet => ({
  id: row.id,
  url: row.url,
  createdAt: row.created_at,
  lastFetchedAt: row.last_fetched_at,
  status: row.last_status,
  message: row.last_message,
  result: row.last_result,
});

export async function listSpendSheets(deps: Pick<Deps, 'db'>, workspaceId: string): Promise<SpendSheet[]> {
  const rows = await queryRows(
    deps.db,
    SheetRow,
    sql`${SELECT} WHERE workspace_id = ${workspaceId} ORDER BY created_at, id`,
  );
  return rows.map(toSheet);
}

async function readSheet(deps: Pick<Deps, 'db'>, workspaceId: string, id: string): Promise<SpendSheet> {
  const [row] = await queryRows(
    deps.db,
    SheetRow,
    sql`${SELECT} WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  if (!row) throw notFound('No such sheet');
  return toSheet(row);
}

const publicOnly = (deps: Deps) => deps.env.nodeEnv === 'production';

function summary(result: SpendImportResponse): string {
  const skipped = result.errorCount > 0 ? `, ${result.errorCount} skipped` : '';
  return `${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged days${skipped}`;
}

async function record(
  deps: Deps,
  sheetId: string,
  outcome: { status: 'ok' | 'failed'; message: string; result: SpendImportResponse | null },
): Promise<void> {
  const result = outcome.result
    ? {
        inserted: outcome.result.inserted,
        updated: outcome.result.updated,
        unchanged: outcome.result.unchanged,
        errorCount: outcome.result.errorCount,
        errors: outcome.result.errors.slice(0, SHOWN_ERRORS),
      }
    : null;
  await deps.db.execute(sql`UPDATE ad_spend_sheets SET last_fetched_at = ${deps.clock().toISOString()},
      last_status = ${outcome.status}, last_message = ${outcome.message},
      last_result = ${result === null ? null : JSON.stringify(result)}::jsonb
    WHERE id = ${sheetId}`);
}

/** Why a sheet could not be imported, as the owner reads it; other errors are thrown. */
function failureOf(error: unknown): string {
  if (error instanceof SheetFetchError) return error.message;
  if (error instanceof CsvRejectedError)
    return `the file is not a spend CSV: ${error.errors.map((each) => each.message).join('; ')}`;
  if (error instanceof AppError) return error.message;
  throw error;
}

/** Fetches and imports one stored sheet, recording the outcome on it. */
export async function refreshSpendSheet(deps: Deps, workspaceId: string, id: string): Promise<SpendSheet> {
  const sheet = await readSheet(deps, workspaceId, id);
  try {
    const csv = await fetchPublishedCsv(sheet.url, { publicOnly: publicOnly(deps) });
    const result = await importSpendCsv(deps, workspaceId, csv, { source: 'sheet', dryRun: false });
    await record(deps, id, { status: 'ok', message: summary(result), result });
  } catch (error) {
    await record(deps, id, { status: 'failed', message: failureOf(error), result: null });
  }
  return readSheet(deps, workspaceId, id);
}

/** Every sheet of the workspace, one after another (the job). Answers how many failed. */
export async function refreshWorkspaceSheets(deps: Deps, workspaceId: string): Promise<number> {
  let failed = 0;
  for (const sheet of await listSpendSheets(deps, workspaceId)) {
    const after = await refreshSpendSheet(deps, workspaceId, sheet.id);
    if (after.status === 'failed') failed += 1;
  }
  return failed;
}

/** Adds a link after reading it once: a link that fails is refused (400 naming `url`), nothing kept. */
export async function addSpendSheet(deps: Deps, workspaceId: string, url: string): Promise<SpendSheet> {
  await requireShop(deps.db, workspaceId);
  let csv: string;
  try {
    csv = await fetchPublishedCsv(url, { publicOnly: publicOnly(deps) });
  } catch (error) {
    if (error instanceof SheetFetchError) throw badRequest(`url: ${error.message}`, 'validation_failed');
    throw error;
  }
  const [created] = await queryRows(
    deps.db,
    z.object({ id: z.string() }),
    sql`INSERT INTO ad_spend_sheets (workspace_id, url) VALUES (${workspaceId}, ${url})
        ON CONFLICT (workspace_id, url) DO NOTHING RETURNING id::text`,
  );
  if (!created) throw badRequest('url: this link is already added; use its Fetch now', 'validation_failed');
  try {
    const result = await importSpendCsv(deps, workspaceId, csv, { source: 'sheet', dryRun: false });
    await record(deps, created.id, { status: 'ok', message: summary(result), result });
  } catch (error) {
    // A file refused whole wrote nothing: the link is not kept either.
    await deps.db.execute(sql`DELETE FROM ad_spend_sheets WHERE id = ${created.id}`);
    if (error instanceof CsvRejectedError) throw badRequest(`url: ${failureOf(error)}`, 'validation_failed');
    throw error;
  }
  return readSheet(deps, workspaceId, created.id);
}

/** Forgets a link; the days it imported stay (they are spend that happened). */
export async function deleteSpendSheet(
  deps: Pick<Deps, 'db'>,
  workspaceId: string,
  id: string,
): Promise<void> {
  const deleted = await queryRows(
    deps.db,
    z.object({ id: z.string() }),
    sql`DELETE FROM ad_spend_sheets WHERE workspace_id = ${workspaceId} AND id = ${id} RETURNING id::text`,
  );
  if (deleted.length === 0) throw notFound('No such sheet');
}
