import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { adCampaignKey } from '../../../core/pipeline/ad-campaign-key.ts';
import type { Currency } from '../../../shared/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readAdvertisedHandles } from '../../domain/analysis-facts/read-advertised-handles.ts';
import { findLatestRun } from '../../domain/analysis-runs/read-analytics.ts';
import { adSpendRows } from '../../domain/metrics/ad-spend-rows.ts';
import type { CachedReads } from '../../http/deps.ts';

const SpendRow = z.object({
  platform: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  currency: z.string().nullable(),
  spend: z.string(),
});

/**
 * Ad spend in [start, end] per product, of every platform in the shop currency (the one ad-spend
 * reader, decision 104): each campaign's spend lands on the product it advertises — the landing
 * page of at least half its credited orders, click ids included — by the same reader as the
 * out-of-stock alert and the analysis's campaign detectors (readAdvertisedHandles, decision 128).
 */
export async function readAdSpendByHandle(db: Db, workspaceId: string, start: string, end: string) {
  const handles = await readAdvertisedHandles(db, workspaceId);
  const spend = await queryRows(
    db,
    SpendRow,
    sql`SELECT s.platform, s.campaign_id, max(s.campaign_name) AS name, max(s.currency_code) AS currency,
          coalesce(sum(s.spend_minor), 0)::text AS spend
        FROM ${adSpendRows(workspaceId, { from: start, to: end })} s
        GROUP BY s.platform, s.campaign_id
        ORDER BY s.platform, s.campaign_id`,
  );
  const byHandle = new Map<string, { spendMinor: number; campaigns: string[] }>();
  let currency: string | null = null;
  for (const c of spend) {
    currency ??= c.currency;
    const handle = handles.get(adCampaignKey(c.platform, c.campaign_id));
    if (!handle) continue;
    const entry = byHandle.get(handle) ?? { spendMinor: 0, campaigns: [] };
    entry.spendMinor += Number(c.spend);
    entry.campaigns.push(c.name);
    byHandle.set(handle, entry);
  }
  return { byHandle, currency };
}

const StockLosseRow = z.object({
  product_id: z.string(),
  estimated_loss: z.number(),
  out_of_stock_days: z.number(),
});

/** Stock-out losses of the latest analysis run per variant (minor units), and that run's day. */
export async function readStockLosses(reads: CachedReads, workspaceId: string, currency: Currency | null) {
  const { db } = reads;
  const run = await findLatestRun(reads, workspaceId);
  const losses = new Map<string, { lostRevenueMinor: number; outOfStockDays: number }>();
  if (!run) return { losses, asOf: null };
  const rows = await queryRows(
    db,
    StockLosseRow,
    sql`SELECT product_id, estimated_loss, out_of_stock_days FROM analysis_stock_rows
        WHERE run_id = ${run.id} AND workspace_id = ${workspaceId}`,
  );
  const unit = 10 ** (currency?.digits ?? 2);
  for (const r of rows) {
    losses.set(r.product_id, {
      lostRevenueMinor: Math.round(Number(r.estimated_loss) * unit),
      outOfStockDays: Number(r.out_of_stock_days),
    });
  }
  return { losses, asOf: run.asOf };
}
