import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AnalysisFacts } from '../../../core/pipeline/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';

const AdCampaignQueryRow = z.object({
  platform: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  utm_campaign: z.string().nullable(),
});

/**
 * Every ad platform's campaigns (decision 128): Meta's from its campaign list (status as Meta
 * reports it), then every other platform's of the one ad-spend reader (decision 099), each as its
 * latest day names it, with its final URL's utm_campaign. A delivering campaign is 'ACTIVE'
 * however its platform spells it: Google's ENABLED; TikTok's report carries no status, and an
 * imported row none, so those are taken as delivering (the detectors also ask for spend).
 * What the analysis' campaign detectors and the ad-spend-on-out-of-stock alert credit orders to.
 */
export async function readAdCampaigns(db: Db, workspaceId: string): Promise<AnalysisFacts['adCampaigns']> {
  const [meta, others] = await Promise.all([
    queryRows(
      db,
      AdCampaignQueryRow,
      sql`SELECT 'meta' AS platform, campaign_id, name, coalesce(effective_status, status) AS status,
            NULL::text AS utm_campaign
          FROM wh_meta_campaigns WHERE workspace_id = ${workspaceId}`,
    ),
    queryRows(
      db,
      AdCampaignQueryRow,
      sql`SELECT DISTINCT ON (s.platform, s.campaign_id) s.platform, s.campaign_id, s.campaign_name AS name,
            CASE WHEN s.campaign_status IS NULL OR upper(s.campaign_status) IN ('ENABLED', 'ENABLE', 'ACTIVE')
              THEN 'ACTIVE' ELSE s.campaign_status END AS status, s.utm_campaign
          FROM ${adSpendRows(workspaceId)} s WHERE s.platform <> 'meta'
          ORDER BY s.platform, s.campaign_id, s.date DESC`,
    ),
  ]);
  return [...meta, ...others].map((c) => ({
    platform: c.platform,
    campaignId: c.campaign_id,
    name: c.name,
    status: c.status,
    utmCampaign: c.utm_campaign,
  }));
}
