import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adPlatformTruth } from '../../src/demo/ad-platforms/ad-platform-truth.ts';
import { planAdPlatformAds } from '../../src/demo/ad-platforms/plan-ad-platform-ads.ts';
import { demoAdPlatformPlan } from '../../src/demo/ad-platforms/plan-ad-platforms.ts';
import { planGoogleClicks } from '../../src/demo/ad-platforms/plan-google-clicks.ts';
import { DEMO_SECRETS } from '../../src/demo/credentials.ts';
import { createGoogleAdsClient } from '../../src/server/connectors/google-ads/client.ts';
import { UpstreamError } from '../../src/server/connectors/http/upstream-error.ts';
import { createTikTokClient } from '../../src/server/connectors/tiktok-ads/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { catalogue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { addDays } from '../../src/shared/calendar.ts';
import {
  CreativeDailySchema,
  type CreativeRow,
  CreativesSchema,
} from '../../src/shared/contracts/creatives.ts';
import type { SyncStatusResponse } from '../../src/shared/contracts/sync.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Google Ads and TikTok creatives (issue #44 item 1, decision 130) on the connected demo, synced
 * through both emulators over HTTP: every ad's spend, summed per campaign, is its campaign's spend
 * to the cent (in the shop currency for TikTok's EUR account, at the spend day's rate); the
 * creative fields arrive; a deleted creative and a search ad without a picture are marked; fatigue
 * cannot be judged without reach; and the emulators' error bodies reach the owner as the vendor's
 * reason with its fix.
 */
let app: DemoTestApp;
let owner: string;
let workspaceId: string;

const minor = (amount: string) => parseDecimalToMinor(amount, 2);

beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp(7));
}, 300_000);
afterAll(async () => {
  await app?.close();
});

async function creatives(query: string): Promise<CreativeRow[]> {
  const response = await app.request(`/api/creatives?${query}`, { cookie: owner });
  expect(response.status, await response.clone().text()).toBe(200);
  return CreativesSchema.parse(await response.json());
}

const plan = () => demoAdPlatformPlan(app.demo.store.config);
const window = () => {
  const to = app.demo.store.config.endDate;
  return { from: addDays(to, -29), to };
};

const CampaignSpend = z.object({
  campaign_id: z.string(),
  shop: z.coerce.number(),
  account: z.coerce.number(),
});

/** The campaign rows' spend over the window (what /profit and /api/ad-spend read). */
async function campaignSpend(platform: string, from: string, to: string) {
  const rows = await queryRows(
    app.db,
    CampaignSpend,
    sql`SELECT campaign_id, sum(spend_shop_minor) AS shop, sum(spend_minor) AS account
        FROM wh_ad_platform_daily
        WHERE workspace_id = ${workspaceId} AND platform = ${platform} AND ad_group_id = ''
          AND date BETWEEN ${from}::date AND ${to}::date
        GROUP BY campaign_id`,
  );
  return new Map(rows.map((r) => [r.campaign_id, r]));
}

describe('GET /api/creatives?platform=google_ads|tiktok_ads', () => {
  it("sums every campaign's ads to its spend to the cent, in the shop currency at the day's rate", async () => {
    const { from, to } = window();
    for (const platform of ['google_ads', 'tiktok_ads'] as const) {
      const rows = await creatives(`from=${from}&to=${to}&platform=${platform}`);
      const account = platform === 'google_ads' ? plan().google : plan().tiktok;
      const planned = planAdPlatformAds(account, app.demo.store.config.seed);
      expect(rows.map((r) => r.adId).sort()).toEqual(planned.ads.map((a) => a.id).sort());
      expect(new Set(rows.map((r) => r.platform))).toEqual(new Set([platform]));
      for (const row of rows) expect(row).toMatchObject({ currency: 'USD', spendCurrency: 'USD', from, to });
      const campaigns = await campaignSpend(platform, from, to);
      const withAds = new Set(planned.ads.map((a) => a.campaignId));
      expect(withAds.size).toBeGreaterThan(1);
      for (const campaignId of withAds) {
        const adSpend = rows
          .filter((r) => r.campaignId === campaignId)
          .reduce((s, r) => s + minor(r.spend), 0);
        expect(adSpend, `${platform} ${campaignId}`).toBe(campaigns.get(campaignId)?.shop ?? 0);
      }
      // The ads' days as planned, in the account currency, read back exactly.
      const stored = await queryRows(
        app.db,
        z.object({ ad_id: z.string(), spend: z.coerce.number(), views: z.coerce.number() }),
        sql`SELECT ad_id, sum(spend_minor) AS spend, sum(video_views) AS views FROM wh_ad_platform_ad_daily
            WHERE workspace_id = ${workspaceId} AND platform = ${platform} GROUP BY ad_id`,
      );
      for (const ad of planned.ads) {
        const days = planned.adDays.filter((d) => d.adId === ad.id);
        const row = stored.find((s) => s.ad_id === ad.id);
        expect(row?.spend ?? 0, ad.name).toBe(days.reduce((s, d) => s + d.spendMinor, 0));
        expect(row?.views ?? 0, ad.name).toBe(days.reduce((s, d) => s + d.videoViews, 0));
      }
    }
    // Performance Max: its spend is in no ad (Google serves it no ads of its own).
    const pmax = plan().google.campaigns.filter((c) => c.type === 'PERFORMANCE_MAX');
    expect(pmax.length).toBeGreaterThan(0);
    const google = await creatives(`from=${from}&to=${to}&platform=google_ads`);
    for (const c of pmax) expect(google.some((r) => r.campaignId === c.id)).toBe(false);
  });

  it("converts TikTok's EUR at each spend day's ECB rate: the ads sum to the planted truth in USD", async () => {
    const { from, to } = window();
    const rows = await creatives(`from=${from}&to=${to}&platform=tiktok_ads`);
    const truth = adPlatformTruth(plan(), app.demo.store.shop.currencyCode).tiktok_ads;
    expect(truth.currency).toBe('EUR');
    const inWindow = (day: string) => day >= from && day <= to;
    const shopTruth = Object.entries(truth.dailyShopSpendMinor)
      .filter(([day]) => inWindow(day))
      .reduce((s, [, v]) => s + v, 0);
    const accountTruth = Object.entries(truth.dailySpendMinor)
      .filter(([day]) => inWindow(day))
      .reduce((s, [, byCampaign]) => s + Object.values(byCampaign).reduce((a, b) => a + b, 0), 0);
    const adTotal = rows.reduce((s, r) => s + minor(r.spend), 0);
    expect(adTotal).toBe(shopTruth);
    expect(adTotal).not.toBe(accountTruth);
  });

  it('carries the creative: headlines, text ads, video covers and hook rates; a deleted video and a missing picture shown as such', async () => {
    const { from, to } = window();
    const all = await creatives(`from=${from}&to=${to}`);
    expect(new Set(all.map((r) => r.platform))).toEqual(new Set(['meta', 'google_ads', 'tiktok_ads']));
    const google = all.filter((r) => r.platform === 'google_ads');
    const search = google.filter((r) => r.format === 'text');
    expect(search.length).toBeGreaterThan(0);
    for (const row of search) {
      expect(row.title).toMatch(/at Demo Store$/);
      expect(row.thumbnailUrl).toBeNull();
      expect(row.hookRate).toBeNull();
      expect(row.creativeDeleted).toBe(false);
    }
    const video = google.find((r) => r.format === 'video' && r.impressions > 0);
    if (video) {
      expect(video.thumbnailUrl).toMatch(/^https:\/\/i\.ytimg\.com\/vi\/yt[0-9a-z]+\/hqdefault\.jpg$/);
      expect(video.hookRate).toBeGreaterThan(0);
    }
    const shopping = google.filter((r) => r.format === 'image');
    expect(shopping.length).toBeGreaterThan(0);
    for (const row of shopping) expect(row.thumbnailUrl).toBeNull();
    const tiktok = all.filter((r) => r.platform === 'tiktok_ads');
    const deleted = tiktok.filter((r) => r.creativeDeleted);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ thumbnailUrl: null, format: 'video' });
    for (const row of tiktok.filter((r) => !r.creativeDeleted)) {
      expect(row.thumbnailUrl).toMatch(/^data:image\/svg\+xml,/);
      if (row.impressions > 0) expect(row.hookRate).toBeGreaterThan(0);
    }
    const [stored] = await queryRows(
      app.db,
      z.object({ body: z.string().nullable(), call_to_action: z.string().nullable(), final_url: z.string() }),
      sql`SELECT body, call_to_action, final_url FROM wh_ad_platform_ads
          WHERE workspace_id = ${workspaceId} AND platform = 'tiktok_ads' ORDER BY ad_id LIMIT 1`,
    );
    expect(stored).toMatchObject({
      call_to_action: 'SHOP_NOW',
      final_url: 'https://demo-store.myshopify.com/',
    });
    expect(stored?.body).toMatch(/delivered in 3 days/);
  });

  it('shows store-verified orders per Google and TikTok ad: their visits name the ad in utm_content, within the clicked campaign', async () => {
    const { from, to } = window();
    const store = app.demo.store;
    const inWindow = (day: string) => day >= from && day <= to;
    // Counted from the generator: the window's orders whose last visit came through the platform's ad.
    const truth = new Map<string, { orders: number; revenue: number }>();
    const googleAdsOf = new Map(
      planAdPlatformAds(plan().google, store.config.seed).ads.map((ad) => [ad.id, ad]),
    );
    const clicks = new Map(planGoogleClicks(plan().google, store).map((c) => [c.gclid, c]));
    let googleVisits = 0;
    for (let i = 0; i < store.orders.count; i += 1) {
      const o = store.getOrder(i);
      const visit = o.journey?.lastVisit;
      if (!visit || (visit.channel !== 'google_ads' && visit.channel !== 'tiktok_ads')) continue;
      if (visit.channel === 'google_ads' && o.site && visit.utm.content) {
        // Google's {creative}: an ad of the campaign and ad group its click_view names for the gclid.
        const click = clicks.get(new URL(o.site.landingUrl).searchParams.get('gclid') ?? '');
        const ad = googleAdsOf.get(visit.utm.content);
        expect(ad && click && { campaignId: ad.campaignId, adGroupId: ad.adGroupId }).toEqual(
          click && { campaignId: click.campaignId, adGroupId: click.adGroupId },
        );
        googleVisits += 1;
      }
      if (o.test || o.cancelledAtMs !== null || !inWindow(o.day) || !visit.utm.content) continue;
      const key = `${visit.channel}|${visit.utm.content}`;
      const entry = truth.get(key) ?? { orders: 0, revenue: 0 };
      entry.orders += 1;
      entry.revenue += o.totalMinor;
      truth.set(key, entry);
    }
    expect(googleVisits).toBeGreaterThan(50);
    const rows = (await creatives(`from=${from}&to=${to}`)).filter((r) => r.platform !== 'meta');
    for (const row of rows) {
      const expected = truth.get(`${row.platform}|${row.adId}`) ?? { orders: 0, revenue: 0 };
      expect(row.verifiedOrders, `${row.platform} ${row.name}`).toBe(expected.orders);
      expect(minor(row.verifiedRevenue), `${row.platform} ${row.name}`).toBe(expected.revenue);
    }
    for (const platform of ['google_ads', 'tiktok_ads'] as const) {
      const withOrders = rows.filter((r) => r.platform === platform && r.verifiedOrders > 0);
      expect(withOrders.length, platform).toBeGreaterThan(2);
      expect(withOrders.every((r) => r.cpa !== null && r.contribution !== null)).toBe(true);
    }
  });

  it('judges no Google ad (no reach per ad: cannot judge) and flags no TikTok ad; the daily view names the platform', async () => {
    const { from, to } = window();
    const all = await creatives(`from=${from}&to=${to}`);
    for (const row of all.filter((r) => r.platform === 'google_ads' && r.impressions > 0)) {
      expect(row.fatigue.state).toBe('insufficient_data');
      expect(row.fatigue.reason).toMatch(/no reach/);
    }
    expect(all.filter((r) => r.platform === 'tiktok_ads' && r.fatigue.state === 'wearing_out')).toEqual([]);
    // TikTok reports reach: its ads are judged (the demo's small ads mostly lack the baseline's clicks)
    for (const row of all.filter((r) => r.platform === 'tiktok_ads' && r.impressions > 0))
      expect(row.fatigue.reason ?? '').not.toMatch(/no reach/);

    const tiktokAd = all.find((r) => r.platform === 'tiktok_ads' && r.impressions > 0)!;
    const res = await app.request(
      `/api/creatives/${tiktokAd.adId}/daily?platform=tiktok_ads&from=${from}&to=${to}`,
      { cookie: owner },
    );
    expect(res.status).toBe(200);
    const daily = CreativeDailySchema.parse(await res.json());
    expect(daily).toMatchObject({ platform: 'tiktok_ads', spendCurrency: 'USD' });
    expect(daily.days.reduce((s, d) => s + minor(d.spend), 0)).toBe(minor(tiktokAd.spend));
    expect(daily.days.every((d) => d.frequency !== null && d.frequency >= 1)).toBe(true);
    const googleAd = all.find((r) => r.platform === 'google_ads' && r.impressions > 0)!;
    const g = await app.request(`/api/creatives/${googleAd.adId}/daily?platform=google_ads&period=30`, {
      cookie: owner,
    });
    expect(CreativeDailySchema.parse(await g.json()).days.every((d) => d.frequency === null)).toBe(true);
    // Without the platform the id is Meta's, which has no such ad; an unknown platform is a 400.
    expect(
      (await app.request(`/api/creatives/${googleAd.adId}/daily?period=30`, { cookie: owner })).status,
    ).toBe(404);
    const bad = await app.request(`/api/creatives/${googleAd.adId}/daily?platform=bing&period=30`, {
      cookie: owner,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('platform');
  });
});

describe('ad-level errors from the emulators', () => {
  const fast = { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 };

  it("answers TikTok's and Google's error bodies on the ad calls with the vendor's reason and fix", async () => {
    const tiktok = app.demo.emulators.tiktok;
    const tiktokUrl = app.demo.baseUrls.tiktok!;
    const wrong = createTikTokClient({
      baseUrl: tiktokUrl,
      accessToken: DEMO_SECRETS.tiktok.accessToken,
      advertiserId: '7000000000000000001',
      retry: fast,
    });
    const denied = await wrong.ads().catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(UpstreamError);
    expect((denied as UpstreamError).upstreamCode).toBe(40001);
    const client = createTikTokClient({
      baseUrl: tiktokUrl,
      accessToken: DEMO_SECRETS.tiktok.accessToken,
      advertiserId: plan().tiktok.accountId,
      retry: fast,
    });
    tiktok.faults.set({ throttlePressure: 1 });
    try {
      const limited = await client.dailyReport('ad', '2026-01-01', '2026-01-05').catch((e: unknown) => e);
      expect(limited).toBeInstanceOf(UpstreamError);
      expect((limited as UpstreamError).message).toMatch(/40100.*Fix:/);
    } finally {
      tiktok.faults.reset();
    }
    const google = app.demo.emulators.googleAds;
    const googleUrl = app.demo.baseUrls.googleAds!;
    const googleClient = createGoogleAdsClient({
      baseUrl: googleUrl,
      tokenUrl: `${googleUrl}/token`,
      clientId: DEMO_SECRETS.googleAds.clientId,
      clientSecret: DEMO_SECRETS.googleAds.clientSecret,
      refreshToken: DEMO_SECRETS.googleAds.refreshToken,
      customerId: plan().google.accountId,
      retry: fast,
    });
    google.state.cloudProjectApproved = false;
    try {
      const error = await googleClient.adsWithAssets().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ upstreamCode: 'CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION' });
    } finally {
      google.state.cloudProjectApproved = true;
    }
  });

  it('a failed sync leaves the ads as they were and shows the vendor’s reason on the connection', async () => {
    const AdCount = z.object({ n: z.coerce.number(), spend: z.coerce.number() });
    const count = () =>
      queryRows(
        app.db,
        AdCount,
        sql`SELECT count(*) AS n, coalesce(sum(spend_minor), 0) AS spend FROM wh_ad_platform_ad_daily
            WHERE workspace_id = ${workspaceId}`,
      );
    const before = await count();
    const tiktok = app.demo.emulators.tiktok;
    tiktok.faults.set({ throttlePressure: 1 });
    try {
      const res = await app.request('/api/sync/run', {
        method: 'POST',
        cookie: owner,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'tiktok_ads' }),
      });
      expect(res.status).toBe(202);
      await runJobsUntilIdle(app.server.deps, { only: [catalogue.syncGoogleAds, catalogue.syncTikTokAds] });
      const status = (await (
        await app.request('/api/sync/status', { cookie: owner })
      ).json()) as SyncStatusResponse;
      const source = status.sources.find((s) => s.source === 'tiktok_ads')!;
      expect(source.lastError).toMatch(/40100.*Fix:/);
      expect(await count()).toEqual(before);
    } finally {
      tiktok.faults.reset();
    }
  }, 120_000);
});
