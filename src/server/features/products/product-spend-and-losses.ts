import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { channelOf } from '../../../core/pipeline/channel-of.ts';
import type { Currency } from '../../../shared/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { findLatestRun } from '../analytics/read-analytics.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';

const LandingRow = z.object({
  utm_campaign: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  source_type: z.string().nullable(),
  handle: z.string().nullable(),
  orders: z.number(),
});

const SpendRow = z.object({
  campaign_id: z.string(),
  name: z.string(),
  currency: z.string().nullable(),
  spend: z.string(),
});

/** Meta spend in [start, end] per product: campaigns whose Meta-credited orders mostly land on it. */
export async function readAdSpendByHandle(db: Db, workspaceId: string, start: string, end: string) {
  const landings = await queryRows(
    db,
    LandingRow,
    sql`SELECT utm_campaign, utm_source, utm_medium, source_type,
          substring(landing_page from '/products/([^/?#]+)') AS handle, count(*)::int AS orders
        FROM wh_orders
        WHERE workspace_id = ${workspaceId} AND utm_campaign IS NOT NULL AND NOT test
        GROUP BY 1, 2, 3, 4, 5`,
  );
  const byCampaign = new Map<string, { all: number; handles: Map<string, number> }>();
  for (const l of landings) {
    if (channelOf(l.utm_source, l.utm_medium, l.source_type) !== 'meta_ads') continue;
    const entry = byCampaign.get(l.utm_campaign) ?? { all: 0, handles: new Map<string, number>() };
    entry.all += Number(l.orders);
    if (l.handle) entry.handles.set(l.handle, (entry.handles.get(l.handle) ?? 0) + Number(l.orders));
    byCampaign.set(l.utm_campaign, entry);
  }
  const spend = await queryRows(
    db,
    SpendRow,
    sql`SELECT c.campaign_id, c.name, max(i.currency_code) AS currency,
          coalesce(sum(i.spend_minor), 0)::text AS spend
        FROM wh_meta_campaigns c
        LEFT JOIN ${adSpendRows(workspaceId, { from: start, to: end })} i
          ON i.platform = 'meta' AND i.campaign_id = c.campaign_id
        WHERE c.workspace_id = ${workspaceId}
        GROUP BY c.campaign_id, c.name`,
  );
  const byHandle = new Map<string, { spendMinor: number; campaigns: string[] }>();
  let currency: string | null = null;
  for (const c of spend) {
    currency ??= c.currency;
    const credited = byCampaign.get(c.name) ?? byCampaign.get(c.campaign_id);
    if (!credited) continue;
    const [handle, count] = [...credited.handles].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    // The same rule as the analysis' ad-spend-on-out-of-stock detector: at least half the orders.
    if (!handle || count < 0.5 * credited.all) continue;
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
