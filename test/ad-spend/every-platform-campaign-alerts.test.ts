import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { readMetricWindow } from '../../src/server/domain/metrics/metric-window.ts';
import { catalogue, enqueue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import type { CampaignPerformance } from '../../src/shared/contracts/campaigns.ts';
import { type AlertList, AlertListSchema } from '../../src/shared/contracts/notifications.ts';
import type { Opportunity } from '../../src/shared/contracts/opportunities.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Opportunities and alerts read every platform's campaigns (issue #39 item 5, decision 128), on
 * the connected demo: a TikTok campaign that spent on the last complete day advertises one product
 * — the demo's TikTok-driven orders land on its page with the campaign's UTMs (decision 131) — and
 * that product is sold out and the campaign's spend surges, the way a sync would store both. The ad-spend-on-out-of-stock alert
 * then opens for the TikTok campaign (it did not before), the analysis' campaign detectors propose
 * an action on it, and /campaigns links that opportunity from the campaign's every-platform row.
 */
let app: DemoTestApp;
let owner: string;
let workspaceId: string;

beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp(7));
}, 300_000);
afterAll(async () => {
  await app?.close();
});

async function get<T>(path: string): Promise<T> {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const openAlerts = async (rule: string) =>
  AlertListSchema.parse(await get<AlertList>('/api/alerts')).alerts.filter(
    (a) => a.rule === rule && a.status === 'open',
  );
async function evaluateAlerts(): Promise<void> {
  await app.db.execute(
    sql`UPDATE sync_states SET updated_at = updated_at + interval '1 second' WHERE workspace_id = ${workspaceId}`,
  );
  await enqueue(app.db, catalogue.evaluateAlerts, { workspaceId }, { now: new Date() });
  await runJobsUntilIdle(app.server.deps);
}

const Campaign = z.object({
  platform: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  utm_campaign: z.string(),
});
const Product = z.object({ product_id: z.string(), handle: z.string(), title: z.string() });

describe('every platform in the campaign alerts and opportunities (connected demo)', () => {
  it('flags a TikTok campaign spending on its out-of-stock product, and proposes an action on it', async () => {
    const window = await readMetricWindow(app.db, workspaceId, 1, new Date());
    const day = window!.end;
    const [campaign] = await queryRows(
      app.db,
      Campaign,
      // The last day's top TikTok spender.
      sql`SELECT platform, campaign_id, campaign_name AS name, coalesce(utm_campaign, campaign_name) AS utm_campaign
          FROM wh_ad_platform_daily
          WHERE workspace_id = ${workspaceId} AND platform = 'tiktok_ads' AND ad_group_id = ''
            AND date <= ${day}::date AND spend_shop_minor > 0
          ORDER BY date DESC, spend_shop_minor DESC LIMIT 1`,
    );
    expect(campaign, `a TikTok campaign spent by ${day}`).toBeDefined();
    // The alert reads the last complete day: the campaign's last day of spend is made that day.
    const [{ last } = { last: '' }] = await queryRows(
      app.db,
      z.object({ last: z.string() }),
      sql`SELECT max(date)::text AS last FROM wh_ad_platform_daily WHERE workspace_id = ${workspaceId}
            AND platform = 'tiktok_ads' AND campaign_id = ${campaign!.campaign_id}`,
    );
    if (last !== day)
      await app.db.execute(
        sql`INSERT INTO wh_ad_platform_daily SELECT (r).* FROM (
              SELECT jsonb_populate_record(a, jsonb_build_object('date', ${day}::date)) AS r
              FROM wh_ad_platform_daily a WHERE a.workspace_id = ${workspaceId} AND a.platform = 'tiktok_ads'
                AND a.campaign_id = ${campaign!.campaign_id} AND a.date = ${last}::date) x`,
      );
    // …and it surges that day (as a sync stores it): far more spend than its orders bring back.
    await app.db.execute(
      sql`UPDATE wh_ad_platform_daily SET spend_shop_minor = spend_shop_minor + 250000
          WHERE workspace_id = ${workspaceId} AND platform = 'tiktok_ads'
            AND campaign_id = ${campaign!.campaign_id} AND date = ${day}::date AND ad_group_id = ''`,
    );
    const subject = `tiktok_ads:${campaign!.campaign_id}`;
    expect((await openAlerts('ad-spend-out-of-stock')).map((a) => a.subject)).not.toContain(subject);

    // The product its orders land on (the demo plants one per TikTok campaign), sold out in every snapshot.
    const [product] = await queryRows(
      app.db,
      Product,
      sql`SELECT p.product_id::text AS product_id, p.handle, p.title FROM wh_orders o
          JOIN wh_products p ON p.workspace_id = o.workspace_id
            AND substring(o.landing_page FROM '/products/([^/?#]+)') = p.handle
          WHERE o.workspace_id = ${workspaceId} AND o.utm_campaign = ${campaign!.utm_campaign}
          GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`,
    );
    expect(product, 'the TikTok campaign’s landing product').toBeDefined();
    await app.db.execute(
      sql`UPDATE wh_inventory_snapshots SET available = 0 WHERE workspace_id = ${workspaceId}
            AND variant_id IN (SELECT variant_id FROM wh_variants
              WHERE workspace_id = ${workspaceId} AND product_id = ${product!.product_id})`,
    );
    await evaluateAlerts();
    const alert = (await openAlerts('ad-spend-out-of-stock')).find((a) => a.subject === subject);
    expect(alert?.title).toBe(`"${campaign!.name}" is spending on ${product!.title}, which is out of stock`);
    expect(alert?.link).toBe('/campaigns');

    expect((await app.request('/api/analysis/run', { method: 'POST', cookie: owner })).status).toBe(200);
    await runJobsUntilIdle(app.server.deps);
    const opportunities = await get<Opportunity[]>('/api/opportunities');
    // The campaign detectors see it: its spend against its verified orders (here a cut).
    const stop = opportunities.find(
      (o) =>
        ['scale_campaign', 'cut_campaign', 'ad_spend_out_of_stock'].includes(o.type) &&
        o.title.includes(`"${campaign!.name}"`),
    );
    expect(stop, opportunities.map((o) => o.title).join('\n')).toBeDefined();
    expect(stop!.evidence.facts).toContainEqual({
      label: 'TikTok Ads-reported revenue',
      // An amount in the shop currency, an exact decimal string (decision 171).
      value: expect.stringMatching(/^\d+\.\d{2}$/),
      unit: 'currency',
    });
    const campaigns = await get<CampaignPerformance>('/api/campaigns?period=30');
    const row = campaigns.adPlatforms
      .find((p) => p.platform === 'tiktok_ads')!
      .campaigns.find((c) => c.campaignId === campaign!.campaign_id)!;
    expect(row.opportunities.map((l) => l.id)).toContain(stop!.id);
    // Its UTM leads to orders: not flagged as never matched.
    expect(row.utmNeverMatched).toBe(false);
  });
});
