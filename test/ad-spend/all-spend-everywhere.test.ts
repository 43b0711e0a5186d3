import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPlatformTruth } from '../../src/demo/ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from '../../src/demo/ad-platforms/plan-ad-platforms.ts';
import { readChannelSpend } from '../../src/server/domain/measurement/read-channel-spend.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { AdSpendResponseSchema } from '../../src/shared/contracts/ad-spend.ts';
import { CampaignPerformanceSchema } from '../../src/shared/contracts/campaigns.ts';
import { DashboardKpisSchema } from '../../src/shared/contracts/dashboard.ts';
import { MetaSpendingSchema } from '../../src/shared/contracts/meta.ts';
import { ProfitReportSchema } from '../../src/shared/contracts/profit.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * All spend everywhere (issue #39 step 5, decision 099) on the connected demo: Meta, Google Ads and
 * TikTok (billing in EUR, the shop sells in USD) are all marketing. /api/profit's `marketing`
 * equals /api/ad-spend's `total` and the generator's planted P&L to the cent, for every window; the
 * foreign account's ROAS is one figure on /campaigns, /dashboard and /api/ad-spend; the dashboard's
 * ad spend, the spending widget and the marketing-mix channels read every platform; a change of a
 * platform's spend reaches the profit rollup.
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

async function get<T>(path: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const res = await app.request(path, { cookie: owner });
  expect(res.status, await res.clone().text()).toBe(200);
  return schema.parse(await res.json());
}
const cents = (decimal: string) => parseDecimalToMinor(decimal, 2);
const profitTruth = () => app.demo.store.groundTruth.profit;
const plantedMarketing = (from: string, to: string) =>
  profitTruth()
    .days.filter((d) => d.date >= from && d.date <= to)
    .reduce((sum, d) => sum + d.marketing, 0);
const planted = () =>
  adPlatformTruth(demoAdPlatformPlan(app.demo.store.config), app.demo.store.shop.currencyCode);
const inRange = (byDay: Record<string, number>, from: string, to: string) =>
  Object.entries(byDay)
    .filter(([day]) => day >= from && day <= to)
    .reduce((sum, [, minor]) => sum + minor, 0);

/** The windows checked: the last 30 days, a whole month, single days and the whole range. */
function windows(): Array<[string, string]> {
  const { startDate, endDate } = app.demo.store.config;
  const days = profitTruth().days.map((d) => d.date);
  const month = days.filter((d) => d.startsWith(days[Math.floor(days.length / 2)]!.slice(0, 7)));
  return [
    [addDays(endDate, -29), endDate],
    [month[0]!, month.at(-1)!],
    [endDate, endDate],
    [days[10]!, days[10]!],
    [startDate, endDate],
  ];
}

describe('all spend everywhere (connected demo)', () => {
  it("the planted P&L's marketing is Meta's, Google's and TikTok's spend in the shop currency", () => {
    const { startDate, endDate } = app.demo.store.config;
    const meta = app.demo.store.meta.daily.reduce((sum, r) => sum + r.spendMinor, 0);
    const accounts = planted();
    expect(accounts.tiktok_ads.currency).not.toBe(app.demo.store.shop.currencyCode);
    expect(plantedMarketing(startDate, endDate)).toBe(
      meta + accounts.google_ads.totalShopSpendMinor + accounts.tiktok_ads.totalShopSpendMinor,
    );
  });

  it("/api/profit's marketing = /api/ad-spend's total = the planted truth, to the cent, for every window", async () => {
    for (const [from, to] of windows()) {
      const [profit, spend] = await Promise.all([
        get(`/api/profit?from=${from}&to=${to}&granularity=day`, ProfitReportSchema),
        get(`/api/ad-spend?from=${from}&to=${to}`, AdSpendResponseSchema),
      ]);
      expect(spend.from, `${from}..${to}`).toBe(from);
      expect(cents(profit.totals.marketing), `${from}..${to}`).toBe(cents(spend.total));
      expect(cents(profit.totals.marketing), `${from}..${to}`).toBe(plantedMarketing(from, to));
      for (const day of profit.series)
        expect(cents(day.marketing), day.start).toBe(plantedMarketing(day.start, day.end));
    }
  }, 120_000);

  it("the foreign-currency account's ROAS is the same on /campaigns, /dashboard and /api/ad-spend", async () => {
    const to = app.demo.store.config.endDate;
    const from = addDays(to, -29);
    const [spend, campaigns, dashboard] = await Promise.all([
      get(`/api/ad-spend?from=${from}&to=${to}`, AdSpendResponseSchema),
      get(`/api/campaigns?from=${from}&to=${to}`, CampaignPerformanceSchema),
      get(`/api/dashboard/kpis?from=${from}&to=${to}`, DashboardKpisSchema),
    ]);
    const tiktok = spend.platforms.find((p) => p.platform === 'tiktok_ads')!;
    expect(tiktok.accountCurrency).toBe('EUR');
    const value = tiktok.campaigns.reduce((sum, c) => sum + cents(c.platformConversionValue), 0);
    const roas = value / cents(tiktok.spend);
    expect(roas).toBeGreaterThan(0);
    expect(cents(tiktok.spend)).toBe(inRange(planted().tiktok_ads.dailyShopSpendMinor, from, to));
    const onCampaigns = campaigns.adPlatforms.find((p) => p.platform === 'tiktok_ads')!;
    const onDashboard = dashboard.adPlatforms.find((p) => p.platform === 'tiktok_ads')!;
    expect(Math.abs(onCampaigns.platformRoas! - roas)).toBeLessThan(0.01);
    expect(Math.abs(onDashboard.platformRoas! - roas)).toBeLessThan(0.01);
    // /campaigns lists every platform's campaigns, spend in the shop currency with the rate shown.
    expect(campaigns.adPlatforms.map((p) => p.platform).sort()).toEqual(['google_ads', 'meta', 'tiktok_ads']);
    expect(onCampaigns.rates.length).toBeGreaterThan(0);
    expect(onCampaigns.spend).toBe(tiktok.spend);
    expect(onCampaigns.campaigns.length).toBe(tiktok.campaigns.length);
    expect(campaigns.adSpendTotal).toBe(spend.total);
    // The dashboard's ad spend is every platform's; blended ROAS divides by it.
    expect(dashboard.kpis!.adSpend!.current).toBe(spend.total);
    expect(dashboard.adPlatforms.reduce((sum, p) => sum + cents(p.spend), 0)).toBe(cents(spend.total));
    expect(dashboard.kpis!.roas!.current).toBeCloseTo(
      cents(dashboard.kpis!.revenue.current) / cents(spend.total),
      10,
    );
  }, 120_000);

  it('the spending widget shows each platform and their total', async () => {
    const widget = await get('/api/meta/spending/last-month', MetaSpendingSchema);
    const sum = widget.platforms.reduce((total, p) => total + cents(p.spend), 0);
    expect(cents(widget.totalSpending)).toBe(sum);
    expect(widget.campaignCount).toBe(widget.campaigns.length);
    const match = /\((\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(widget.period)!;
    const spend = await get(`/api/ad-spend?from=${match[1]}&to=${match[2]}`, AdSpendResponseSchema);
    if (spend.from === match[1] && spend.to === match[2])
      expect(cents(widget.totalSpending)).toBe(cents(spend.total));
  });

  it('the marketing-mix model reads Google Ads and TikTok Ads as channels of their own', async () => {
    const to = app.demo.store.config.endDate;
    const from = addDays(to, -59);
    const channels = await readChannelSpend(app.db, workspaceId, from, to);
    expect(channels.map((c) => c.name).sort()).toEqual(['Google Ads', 'Meta', 'TikTok Ads']);
    const accounts = planted();
    for (const [name, account] of [
      ['Google Ads', accounts.google_ads],
      ['TikTok Ads', accounts.tiktok_ads],
    ] as const) {
      const channel = channels.find((c) => c.name === name)!;
      expect([...channel.daily.values()].reduce((a, b) => a + b, 0)).toBe(
        inRange(account.dailyShopSpendMinor, from, to),
      );
    }
  });

  it("a change of a platform's spend reaches /profit's marketing (the rollup's version moves)", async () => {
    const to = app.demo.store.config.endDate;
    const from = addDays(to, -6);
    const before = await get(`/api/profit?from=${from}&to=${to}&granularity=day`, ProfitReportSchema);
    await app.db.execute(sql`
      UPDATE wh_ad_platform_daily SET spend_shop_minor = spend_shop_minor + 1234
      WHERE (workspace_id, platform, date, campaign_id, ad_group_id) = (
        SELECT workspace_id, platform, date, campaign_id, ad_group_id FROM wh_ad_platform_daily
        WHERE workspace_id = ${workspaceId} AND platform = 'google_ads' AND ad_group_id = ''
          AND date = ${to}::date AND spend_shop_minor IS NOT NULL LIMIT 1)`);
    const [after, spend] = await Promise.all([
      get(`/api/profit?from=${from}&to=${to}&granularity=day`, ProfitReportSchema),
      get(`/api/ad-spend?from=${from}&to=${to}`, AdSpendResponseSchema),
    ]);
    expect(cents(after.totals.marketing)).toBe(cents(before.totals.marketing) + 1234);
    expect(cents(after.totals.marketing)).toBe(cents(spend.total));
  });
});
