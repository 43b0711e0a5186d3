import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDay } from '../../../core/insights/format-day.ts';
import { adCampaignKey } from '../../../core/pipeline/ad-campaign-key.ts';
import { classifyStock } from '../../../core/stockout/classify-stock.ts';
import { currencyDigitsOf, formatMoney } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { readAdvertisedHandles } from '../../domain/analysis-facts/read-advertised-handles.ts';
import { adSpendRows } from '../../domain/metrics/ad-spend-rows.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import { foldFirst } from '../../domain/tracking/fold-events.ts';
import type { AlertCondition } from './alert-condition.ts';

/** A website whose tracker sent nothing for longer than this has stopped sending. */
export const TRACKING_SILENCE_HOURS = 24;

const SpendingRow = z.object({
  platform: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  spend: z.string(),
  currency: z.string(),
});

const VariantRow = z.object({
  handle: z.string(),
  product: z.string(),
  variant: z.string(),
  available: z.number(),
});

/**
 * Ad spend on an out-of-stock product: a campaign of any ad platform (decision 128: Meta, Google
 * Ads, TikTok, in the shop currency of the one ad-spend reader) that spent on the last complete shop day
 * while the product it advertises (the landing page of at least half its credited orders, as the
 * campaign detector reads it) had a variant out of stock that day (decision 034's one rule,
 * `classifyStock`; the day's level is that day's last snapshot, or the nearest one before it, or —
 * when snapshots began later — the first one). Stays open while the campaign keeps spending so.
 * The subject is the campaign's adCampaignKey: a Meta campaign's id as before, `platform:id` else.
 */
export async function adSpendOutOfStockConditions(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<AlertCondition[]> {
  const window = await readMetricWindow(db, workspaceId, 1, now);
  if (!window) return [];
  const day = window.end;
  const spending = await queryRows(
    db,
    SpendingRow,
    sql`SELECT s.platform, s.campaign_id, max(s.campaign_name) AS name, sum(s.spend_minor)::text AS spend,
          max(s.currency_code) AS currency
        FROM ${adSpendRows(workspaceId, { from: day, to: day })} s
        GROUP BY s.platform, s.campaign_id HAVING sum(s.spend_minor) > 0`,
  );
  if (spending.length === 0) return [];
  const handles = await readAdvertisedHandles(db, workspaceId);
  const handleOf = (c: { platform: string; campaign_id: string }) =>
    handles.get(adCampaignKey(c.platform, c.campaign_id));
  const wanted = [...new Set(spending.flatMap((c) => handleOf(c) ?? []))];
  if (wanted.length === 0) return [];
  const variants = await queryRows(
    db,
    VariantRow,
    sql`WITH levels AS (
          SELECT i.variant_id, i.snapshot_date, sum(i.available)::int AS available FROM wh_inventory_snapshots i
          WHERE i.workspace_id = ${workspaceId} GROUP BY 1, 2),
        nearest AS (
          SELECT DISTINCT ON (variant_id) variant_id, available FROM levels
          ORDER BY variant_id, snapshot_date > ${day}::date,
            abs(snapshot_date - ${day}::date))
        SELECT p.handle, p.title AS product, v.title AS variant, n.available
        FROM wh_products p
        JOIN wh_variants v ON v.workspace_id = p.workspace_id AND v.product_id = p.product_id
        JOIN nearest n ON n.variant_id = v.variant_id
        WHERE p.workspace_id = ${workspaceId} AND p.handle IN (${sql.join(
          wanted.map((h) => sql`${h}`),
          sql`, `,
        )})`,
  );
  const conditions: AlertCondition[] = [];
  for (const campaign of spending) {
    const handle = handleOf(campaign);
    const out = variants.filter(
      (v) => v.handle === handle && classifyStock(Number(v.available), null) === 'Out of stock',
    );
    if (out.length === 0) continue;
    const product = out[0]!.product;
    const spend = Number(campaign.spend) / 10 ** currencyDigitsOf(campaign.currency);
    conditions.push({
      rule: 'ad-spend-out-of-stock',
      subject: adCampaignKey(campaign.platform, campaign.campaign_id),
      title: `"${campaign.name}" is spending on ${product}, which is out of stock`,
      detail: `${formatMoney(spend, campaign.currency)} of ad spend on ${formatDay(day)} sent shoppers to ${product}, whose ${out.map((v) => v.variant).join(', ')} had no units available. Pause the campaign or restock.`,
      link: '/campaigns',
    });
  }
  return conditions;
}

const TrackingSilenceConditionRow = z.object({
  id: z.string(),
  website_name: z.string(),
  website_url: z.string(),
  last: timestampColumn,
});

/**
 * Tracked websites that stopped sending: an active website configuration that has received events
 * before and none for over {@link TRACKING_SILENCE_HOURS} hours (the tracker was removed, the page
 * template changed, or the site is down).
 */
export async function trackingSilenceConditions(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<AlertCondition[]> {
  await foldFirst(db);
  const since = new Date(now.getTime() - TRACKING_SILENCE_HOURS * 3_600_000);
  const rows = await queryRows(
    db,
    TrackingSilenceConditionRow,
    sql`SELECT c.id, c.website_name, c.website_url, max(s.last_received_at) AS last
        FROM tracking_configurations c
        JOIN tracking_sessions s ON s.configuration_id = c.id
        WHERE c.workspace_id = ${workspaceId} AND c.kind = 'website' AND c.is_active
        GROUP BY c.id, c.website_name, c.website_url
        HAVING max(s.last_received_at) < ${since.toISOString()}`,
  );
  return rows.map((row) => ({
    rule: 'tracking-silent',
    subject: row.id,
    title: `${row.website_name} stopped sending cursor events`,
    detail: `The tracker on ${row.website_url} last sent events at ${new Date(row.last).toISOString()}, over ${TRACKING_SILENCE_HOURS} hours ago. Check that the tracking snippet is still on the site.`,
    link: '/cursor-tracking',
  }));
}
