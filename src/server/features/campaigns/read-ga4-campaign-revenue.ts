import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { channelOf } from '../../../core/pipeline/channel-of.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

const Ga4CampaignRow = z.object({
  session_source: z.string(),
  session_medium: z.string(),
  campaign_name: z.string(),
  revenue: z.union([z.number(), z.string()]),
});

const PresenceRow = z.object({ synced: z.boolean() });

/**
 * GA4's purchase revenue per campaign name (sessionCampaignName = utm_campaign) of the Meta
 * channel's sessions over shop-local days [start, end] (decision 073), minor units of the property
 * currency; null when no GA4 campaign report has been synced for the workspace (GA4 not connected,
 * or connected before the report existed and not yet re-read).
 */
export async function readGa4CampaignRevenue(
  db: Db,
  workspaceId: string,
  start: string,
  end: string,
): Promise<Map<string, number> | null> {
  const [presence] = await queryRows(
    db,
    PresenceRow,
    sql`SELECT EXISTS (SELECT 1 FROM wh_ga4_daily_campaigns WHERE workspace_id = ${workspaceId}) AS synced`,
  );
  if (!presence?.synced) return null;
  const rows = await queryRows(
    db,
    Ga4CampaignRow,
    sql`SELECT session_source, session_medium, campaign_name, sum(purchase_revenue_minor) AS revenue
        FROM wh_ga4_daily_campaigns
        WHERE workspace_id = ${workspaceId} AND date BETWEEN ${start}::date AND ${end}::date
        GROUP BY 1, 2, 3`,
  );
  const byName = new Map<string, number>();
  for (const row of rows) {
    if (channelOf(row.session_source, row.session_medium, null) !== 'meta_ads') continue;
    byName.set(row.campaign_name, (byName.get(row.campaign_name) ?? 0) + Number(row.revenue));
  }
  return byName;
}
