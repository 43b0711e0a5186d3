import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar.ts';
import {
  CreativeDailySchema,
  type CreativeRow,
  CreativesSchema,
} from '../../src/shared/contracts/creatives.ts';
import { AlertListSchema } from '../../src/shared/contracts/notifications.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Creatives (issue #44, decisions 121–122) over the real path: the demo's Meta ads synced through
 * the emulator, the endpoint compared with the generated store itself (its ad days and its orders'
 * utm_content) and with the planted fatigue in the ground truth.
 */
let app: DemoTestApp;
let owner: string;

const minor = (amount: string) => parseDecimalToMinor(amount, 2);

async function creatives(query: string): Promise<CreativeRow[]> {
  const response = await app.request(`/api/creatives?${query}`, { cookie: owner });
  expect(response.status, await response.clone().text()).toBe(200);
  return CreativesSchema.parse(await response.json());
}

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp());
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/creatives', () => {
  it("answers every ad's spend to the cent and its campaign's days in sum, and the orders naming it", async () => {
    const store = app.demo.store;
    const to = store.config.endDate;
    const from = addDays(to, -29);
    const rows = await creatives(`from=${from}&to=${to}&platform=meta`);
    expect(rows).toHaveLength(store.meta.ads.length);
    const inWindow = (day: string) => day >= from && day <= to;
    for (const ad of store.meta.ads) {
      const row = rows.find((r) => r.adId === ad.id)!;
      const days = store.meta.adDaily.filter((d) => d.adIndex === ad.index && inWindow(d.day));
      expect(minor(row.spend), ad.name).toBe(days.reduce((s, d) => s + d.spendMinor, 0));
      expect(row.impressions).toBe(days.reduce((s, d) => s + d.impressions, 0));
      expect(row.campaign).toBe(store.meta.campaigns[ad.campaignIndex]!.name);
    }
    // The ads of each campaign sum to the campaign's spend: /profit's marketing line is unchanged.
    store.meta.campaigns.forEach((campaign, c) => {
      const campaignSpend = store.meta.daily
        .filter((d) => d.campaignIndex === c && inWindow(d.day))
        .reduce((s, d) => s + d.spendMinor, 0);
      const adSpend = rows
        .filter((r) => r.campaignId === campaign.id)
        .reduce((s, r) => s + minor(r.spend), 0);
      expect(adSpend, campaign.name).toBe(campaignSpend);
    });
    // Store-verified: orders of the window whose last visit names the ad, counted from the generator.
    const ordersByAd = new Map<string, { orders: number; revenue: number }>();
    for (let i = 0; i < store.orders.count; i += 1) {
      const o = store.getOrder(i);
      const ad = o.journey?.lastVisit.utm.content;
      if (o.test || o.cancelledAtMs !== null || !inWindow(o.day) || !ad) continue;
      const entry = ordersByAd.get(ad) ?? { orders: 0, revenue: 0 };
      entry.orders += 1;
      entry.revenue += o.totalMinor;
      ordersByAd.set(ad, entry);
    }
    for (const row of rows) {
      const truth = ordersByAd.get(row.adId) ?? { orders: 0, revenue: 0 };
      expect(row.verifiedOrders, row.name).toBe(truth.orders);
      expect(minor(row.verifiedRevenue), row.name).toBe(truth.revenue);
      if (truth.orders > 0) expect(minor(row.cpa!)).toBe(Math.round(minor(row.spend) / truth.orders));
      else expect(row.cpa).toBeNull();
    }
    const withOrders = rows.filter((r) => r.verifiedOrders > 0);
    expect(withOrders.length).toBeGreaterThan(5);
    expect(withOrders.every((r) => r.contribution !== null && minor(r.contribution) !== 0)).toBe(true);
  });

  it('flags the planted fatiguing creative within 3 days of its onset, and no other', async () => {
    const truth = app.demo.groundTruth.creatives;
    const to = app.demo.store.config.endDate;
    const rows = await creatives(`from=${addDays(to, -29)}&to=${to}`);
    const flagged = rows.filter((r) => r.fatigue.state === 'wearing_out');
    expect(flagged.map((r) => r.adId)).toEqual([truth.fatiguing.adId]);
    const since = flagged[0]!.fatigue.since!;
    expect(since >= truth.fatiguing.onsetDate).toBe(true);
    expect(since <= addDays(truth.fatiguing.onsetDate, 3)).toBe(true);
    expect(flagged[0]!.fatigue.reason).toMatch(/frequency .* CTR/);
    // Before the onset the same ad is not flagged.
    const before = await creatives(
      `from=${addDays(truth.fatiguing.onsetDate, -30)}&to=${addDays(truth.fatiguing.onsetDate, -1)}`,
    );
    expect(before.filter((r) => r.fatigue.state === 'wearing_out')).toEqual([]);
  });

  it('opens one creative-fatigue alert, for the planted creative, linking to /creatives', async () => {
    const truth = app.demo.groundTruth.creatives;
    const response = await app.request('/api/alerts', { cookie: owner });
    expect(response.status).toBe(200);
    const { alerts } = AlertListSchema.parse(await response.json());
    const fatigue = alerts.filter((a) => a.rule === 'creative-fatigue' && a.status === 'open');
    expect(fatigue.map((a) => a.subject)).toEqual([truth.fatiguing.adId]);
    const ad = app.demo.store.meta.ads.find((a) => a.id === truth.fatiguing.adId)!;
    expect(fatigue[0]).toMatchObject({ link: '/creatives', title: `Creative “${ad.name}” is wearing out` });
    expect(fatigue[0]!.detail).toMatch(/^Since \d{4}-\d{2}-\d{2}: .*frequency/);
  });

  it('shows an ad whose creative was deleted and a creative without thumbnail without error', async () => {
    const truth = app.demo.groundTruth.creatives;
    const rows = await creatives('period=90&platform=meta');
    for (const adId of truth.deletedCreativeAdIds) {
      expect(rows.find((r) => r.adId === adId)).toMatchObject({
        creativeDeleted: true,
        thumbnailUrl: null,
        format: null,
      });
    }
    for (const adId of truth.noThumbnailAdIds) {
      expect(rows.find((r) => r.adId === adId)).toMatchObject({ creativeDeleted: false, thumbnailUrl: null });
    }
    const video = rows.find((r) => r.format === 'video' && r.impressions > 0)!;
    expect(video.hookRate).toBeGreaterThan(15);
    expect(rows.filter((r) => r.format === 'image').every((r) => r.hookRate === null)).toBe(true);
    expect(
      rows.filter((r) => r.thumbnailUrl !== null).every((r) => r.thumbnailUrl!.startsWith('data:image/')),
    ).toBe(true);
  });

  it("answers only the asked platform's ads, and 400 naming a bad field", async () => {
    const tiktok = await creatives('period=30&platform=tiktok_ads');
    expect(tiktok.length).toBeGreaterThan(0);
    expect(tiktok.every((r) => r.platform === 'tiktok_ads')).toBe(true);
    const bad = await app.request('/api/creatives?platform=myspace', { cookie: owner });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/platform/);
    const half = await app.request('/api/creatives?from=2026-10-01', { cookie: owner });
    expect(half.status).toBe(400);
    expect(await half.text()).toMatch(/to/);
    expect((await app.request('/api/creatives?period=30')).status).toBe(401);
  });
});

describe('GET /api/creatives/:adId/daily', () => {
  it("answers the ad's days, summing to its row, and 404 for an unknown ad", async () => {
    const truth = app.demo.groundTruth.creatives;
    const to = app.demo.store.config.endDate;
    const from = addDays(to, -29);
    const [row] = (await creatives(`from=${from}&to=${to}`)).filter((r) => r.adId === truth.fatiguing.adId);
    const response = await app.request(`/api/creatives/${truth.fatiguing.adId}/daily?from=${from}&to=${to}`, {
      cookie: owner,
    });
    expect(response.status).toBe(200);
    const daily = CreativeDailySchema.parse(await response.json());
    expect(daily.days).toHaveLength(30);
    expect(daily.days.reduce((s, d) => s + minor(d.spend), 0)).toBe(minor(row!.spend));
    expect(daily.days.reduce((s, d) => s + d.verifiedOrders, 0)).toBe(row!.verifiedOrders);
    // Frequency rises from the onset (planted × 1.6).
    const avg = (days: typeof daily.days) => days.reduce((s, d) => s + (d.frequency ?? 0), 0) / days.length;
    const onset = truth.fatiguing.onsetDate;
    expect(avg(daily.days.filter((d) => d.date >= onset))).toBeGreaterThan(
      1.3 * avg(daily.days.filter((d) => d.date < onset)),
    );
    const missing = await app.request(`/api/creatives/9999/daily?period=30`, { cookie: owner });
    expect(missing.status).toBe(404);
  });
});
