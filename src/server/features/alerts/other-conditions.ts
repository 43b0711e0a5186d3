import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { describeLowStock } from '../../../core/alerts/describe-low-stock.ts';
import { SYNC_SOURCES, SyncSourceSchema } from '../../../shared/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { findLatestRun, readStockImpactOfRun } from '../../domain/analysis-runs/read-analytics.ts';
import type { CachedReads } from '../../http/deps.ts';
import type { AlertCondition } from './alert-condition.ts';

const SOURCE_NAMES = {
  shopify: 'Shopify',
  ga4: 'Google Analytics 4',
  meta: 'Meta',
  google_ads: 'Google Ads',
  tiktok_ads: 'TikTok',
} as const;

/**
 * Stock-outs within the lead time (the product's, the one of /products and the restock
 * opportunity: the owner's, else the default — decision 112), from the latest analysis run's
 * stock list, which keeps the lead time each row was classified with.
 */
export async function stockConditions(reads: CachedReads, workspaceId: string): Promise<AlertCondition[]> {
  const { db } = reads;
  const run = await findLatestRun(reads, workspaceId);
  if (!run) return [];
  const rows = await readStockImpactOfRun(db, run);
  return rows
    .filter((row) => row.available <= 0 || (row.daysOfCover !== null && row.daysOfCover < row.leadTimeDays))
    .map((row) => ({
      rule: 'stockout',
      subject: row.product,
      title:
        row.available <= 0
          ? `${row.product} is out of stock`
          : `${row.product} runs out within the lead time`,
      detail:
        row.available <= 0
          ? 'No units are available; every day out of stock loses its sales.'
          : describeLowStock(row.available, row.daysOfCover ?? 0, row.leadTimeDays),
      link: '/products',
    }));
}

const SourceConditionRow = z.object({
  provider: SyncSourceSchema,
  status: z.string(),
  last_error: z.string().nullable(),
  public_info: z.record(z.string(), z.unknown()).nullable(),
  updated_at: timestampColumn,
  last_success_at: timestampColumn.nullable(),
  sync_error: z.string().nullable(),
  last_error_at: timestampColumn.nullable(),
});

/**
 * Sources that stopped syncing (no success for over 3 × the sync interval, or a failing last
 * sync) and Meta credentials that lost their token or the ads_read permission.
 */
export async function sourceConditions(
  db: Db,
  workspaceId: string,
  now: Date,
  intervalMinutes: number,
): Promise<AlertCondition[]> {
  const rows = await queryRows(
    db,
    SourceConditionRow,
    sql`SELECT c.provider, c.status, c.last_error, c.public_info, c.updated_at, s.last_success_at, s.last_error AS sync_error,
          s.last_error_at
        FROM credentials c LEFT JOIN sync_states s ON s.workspace_id = c.workspace_id AND s.source = c.provider
        WHERE c.workspace_id = ${workspaceId} AND c.provider IN (${sql.join(
          SYNC_SOURCES.map((source) => sql`${source}`),
          sql`, `,
        )})`,
  );
  const conditions: AlertCondition[] = [];
  const budgetMs = 3 * intervalMinutes * 60_000;
  for (const row of rows) {
    const name = SOURCE_NAMES[row.provider];
    const code = row.public_info?.errorCode;
    if (
      row.provider === 'meta' &&
      row.status === 'failed' &&
      typeof code === 'number' &&
      (code === 190 || (code >= 200 && code <= 299))
    ) {
      conditions.push({
        rule: 'meta-token',
        subject: '',
        title: code === 190 ? 'The Meta access token expired' : 'Meta lost the ads_read permission',
        detail: `${row.last_error ?? 'Meta refused the token.'} Ad spend and ROAS stop updating until the token is replaced in the Meta tab.`,
        link: '/profile',
      });
      continue;
    }
    const lastSuccess = row.last_success_at ? new Date(row.last_success_at) : null;
    const failing =
      row.sync_error !== null &&
      (!lastSuccess || (row.last_error_at !== null && new Date(row.last_error_at) >= lastSuccess));
    const since = lastSuccess ?? new Date(row.updated_at);
    const stale = now.getTime() - since.getTime() > budgetMs;
    if (!failing && !stale) continue;
    conditions.push({
      rule: 'source-stale',
      subject: row.provider,
      title: failing
        ? `${name} sync is failing`
        : `${name} has not synced for over ${3 * intervalMinutes} minutes`,
      detail: failing
        ? `The last sync failed: ${row.sync_error}`
        : `Last successful sync ${lastSuccess ? lastSuccess.toISOString() : 'never'}; syncs are due every ${intervalMinutes} minutes.`,
      link: '/profile',
    });
  }
  return conditions;
}
