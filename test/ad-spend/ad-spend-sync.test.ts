import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adPlatformTruth } from '../../src/demo/ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from '../../src/demo/ad-platforms/plan-ad-platforms.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { catalogue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { addDays, localDayOf } from '../../src/shared/calendar.ts';
import { AdSpendResponseSchema } from '../../src/shared/contracts/ad-spend.ts';
import type { SyncStatusResponse } from '../../src/shared/contracts/sync.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Google Ads and TikTok spend in the warehouse (issue #39) through the demo's emulators over real
 * HTTP: connecting the demo connects both ad accounts, their syncs write every planted campaign
 * day in the account currency and in the shop currency at the ECB rate of the day (TikTok bills in
 * EUR, the shop sells in USD), a second sync changes nothing, and a vendor failure (a revoked
 * refresh token, TikTok's rate limit) is shown on the connection with the vendor's reason and fix
 * while the stored spend stays as it was.
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

const DayRow = z.object({
  date: z.string(),
  spend: z.coerce.number(),
  shop: z.coerce.number().nullable(),
  rate: z.string().nullable(),
});

async function dailyTotals(platform: string) {
  return queryRows(
    app.db,
    DayRow,
    sql`SELECT date::text AS date, sum(spend_minor) AS spend, sum(spend_shop_minor) AS shop,
          max(exchange_rate)::text AS rate
        FROM wh_ad_platform_daily WHERE workspace_id = ${workspaceId} AND platform = ${platform}
          AND ad_group_id = '' GROUP BY date ORDER BY date`,
  );
}

const truth = () =>
  adPlatformTruth(demoAdPlatformPlan(app.demo.store.config), app.demo.store.shop.currencyCode);

async function sourceStatus(source: string) {
  const res = await app.request('/api/sync/status', { cookie: owner });
  const body = (await res.json()) as SyncStatusResponse;
  return body.sources.find((s) => s.source === source)!;
}

describe('ad platform sync (demo emulators)', () => {
  it('writes every planted day of both accounts, in the account and the shop currency, with the rate', async () => {
    for (const platform of ['google_ads', 'tiktok_ads'] as const) {
      const expected = truth()[platform];
      const rows = await dailyTotals(platform);
      expect(Object.fromEntries(rows.map((r) => [r.date, r.spend]))).toEqual(
        Object.fromEntries(
          Object.entries(expected.dailySpendMinor).map(([date, byCampaign]) => [
            date,
            Object.values(byCampaign).reduce((a, b) => a + b, 0),
          ]),
        ),
      );
      expect(Object.fromEntries(rows.map((r) => [r.date, r.shop]))).toEqual(expected.dailyShopSpendMinor);
      for (const row of rows) expect(Number(row.rate)).toBeCloseTo(Number(expected.dailyRate[row.date]), 8);
    }
    // TikTok bills in EUR: its shop figures are converted, not copied.
    const tiktok = truth().tiktok_ads;
    expect(tiktok.currency).toBe('EUR');
    expect(tiktok.totalShopSpendMinor).not.toBe(tiktok.totalSpendMinor);
    // ad-group rows add up to their campaign rows
    const [groups] = await queryRows(
      app.db,
      z.object({ n: z.coerce.number() }),
      sql`SELECT sum(spend_minor) AS n FROM wh_ad_platform_daily
          WHERE workspace_id = ${workspaceId} AND platform = 'google_ads' AND ad_group_id <> ''`,
    );
    expect(groups?.n).toBe(truth().google_ads.totalSpendMinor);
    expect((await sourceStatus('google_ads')).health.state).toBe('connected');
  });

  it("TikTok's campaign and ad-group days carry the UTMs of their ads' URL parameters, macros filled", async () => {
    // The emulator's ads carry the plan's `utm_campaign=__CAMPAIGN_NAME__` (decision 143).
    const plan = demoAdPlatformPlan(app.demo.store.config).tiktok;
    const rows = await queryRows(
      app.db,
      z.object({
        campaign_id: z.string(),
        campaign_name: z.string(),
        utm_source: z.string().nullable(),
        utm_medium: z.string().nullable(),
        utm_campaign: z.string().nullable(),
      }),
      sql`SELECT DISTINCT campaign_id, campaign_name, utm_source, utm_medium, utm_campaign
          FROM wh_ad_platform_daily WHERE workspace_id = ${workspaceId} AND platform = 'tiktok_ads'`,
    );
    expect(rows.length).toBe(plan.campaigns.length);
    for (const campaign of plan.campaigns) {
      const suffix = new URLSearchParams(campaign.finalUrlSuffix);
      expect(suffix.get('utm_campaign')).toBe('__CAMPAIGN_NAME__');
      expect(rows.find((r) => r.campaign_id === campaign.id)).toEqual({
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        utm_source: suffix.get('utm_source'),
        utm_medium: suffix.get('utm_medium'),
        utm_campaign: campaign.name,
      });
    }
  });

  it('a second sync re-reads the last 30 days and changes nothing', async () => {
    const before = await dailyTotals('google_ads');
    expect(
      (
        await app.request('/api/sync/run', {
          method: 'POST',
          cookie: owner,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ source: 'google_ads' }),
        })
      ).status,
    ).toBe(202);
    const outcomes = await runJobsUntilIdle(app.server.deps, { only: [catalogue.syncGoogleAds] });
    expect(outcomes.map((o) => o.status)).toEqual(['succeeded']);
    expect(await dailyTotals('google_ads')).toEqual(before);
  }, 120_000);

  it('a later sync takes the conversions Google restated in the last 30 days, and leaves older days alone', async () => {
    const Row = z.object({
      date: z.string(),
      campaign_id: z.string(),
      ad_group_id: z.string(),
      conversions: z.coerce.number(),
      value: z.coerce.number(),
    });
    const read = () =>
      queryRows(
        app.db,
        Row,
        sql`SELECT date::text AS date, campaign_id, ad_group_id, conversions, conversion_value_minor AS value
            FROM wh_ad_platform_daily WHERE workspace_id = ${workspaceId} AND platform = 'google_ads'
            ORDER BY date, campaign_id, ad_group_id`,
      );
    const before = await read();
    // The sync's "today" five days after the demo's last day (the clock the jobs read).
    const deps = app.server.deps;
    const clock = deps.clock;
    const at = new Date(`${addDays(app.demo.store.config.endDate, 5)}T15:00:00Z`);
    const today = localDayOf(at, demoAdPlatformPlan(app.demo.store.config).google.timeZone);
    const campaignDays = before.filter((r) => r.ad_group_id === '');
    // the latest stored day (inside the 30 days re-read) and the last one more than 31 days back
    const recent = campaignDays.at(-1)!;
    const old = campaignDays.filter((r) => r.date < addDays(today, -31)).at(-1)!;
    expect(recent.date >= addDays(today, -30)).toBe(true);
    const google = app.demo.emulators.googleAds;
    google.restate(recent.date, recent.campaign_id, 3, 12_345);
    google.restate(old.date, old.campaign_id, 2, 5_000);
    deps.clock = () => at;
    try {
      await app.request('/api/sync/run', {
        method: 'POST',
        cookie: owner,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'google_ads' }),
      });
      const outcomes = await runJobsUntilIdle(deps, { only: [catalogue.syncGoogleAds] });
      expect(outcomes.map((o) => o.status)).toEqual(['succeeded']);
    } finally {
      deps.clock = clock;
    }
    const after = await read();
    const key = (r: z.infer<typeof Row>) => `${r.date}|${r.campaign_id}|${r.ad_group_id}`;
    const byKey = new Map(after.map((r) => [key(r), r]));
    const changed = before.filter((r) => {
      const now = byKey.get(key(r))!;
      return now.conversions !== r.conversions || now.value !== r.value;
    });
    // the recent campaign day and its first ad group's day, nothing else
    expect(changed.map((r) => [r.date, r.campaign_id])).toEqual([
      [recent.date, recent.campaign_id],
      [recent.date, recent.campaign_id],
    ]);
    const campaignNow = byKey.get(key(recent))!;
    expect(campaignNow.conversions).toBeCloseTo(recent.conversions + 3, 6);
    expect(campaignNow.value).toBe(recent.value + 12_345);
    expect(byKey.get(key(old))).toEqual(old);
    expect(after).toHaveLength(before.length);
  }, 120_000);

  it('a revoked refresh token and TikTok’s rate limit → the connection shows the vendor’s reason and fix; nothing changes', async () => {
    const google = app.demo.emulators.googleAds;
    const tiktok = app.demo.emulators.tiktok;
    const googleBefore = await dailyTotals('google_ads');
    const tiktokBefore = await dailyTotals('tiktok_ads');
    google.state.refreshTokenRevoked = true;
    tiktok.faults.set({ throttlePressure: 1 });
    try {
      for (const source of ['google_ads', 'tiktok_ads']) {
        const res = await app.request('/api/sync/run', {
          method: 'POST',
          cookie: owner,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ source }),
        });
        expect(res.status).toBe(202);
      }
      await runJobsUntilIdle(app.server.deps, { only: [catalogue.syncGoogleAds, catalogue.syncTikTokAds] });
      const googleStatus = await sourceStatus('google_ads');
      expect(googleStatus.lastError).toMatch(/revoked.*Fix: sign in with Google again/);
      expect(googleStatus.health).toMatchObject({ state: 'needs_attention' });
      expect(googleStatus.health.reason).toContain(googleStatus.lastError!);
      const tiktokStatus = await sourceStatus('tiktok_ads');
      expect(tiktokStatus.lastError).toMatch(/40100.*Fix:/);
      expect(tiktokStatus.health.state).toBe('needs_attention');
      expect(await dailyTotals('google_ads')).toEqual(googleBefore);
      expect(await dailyTotals('tiktok_ads')).toEqual(tiktokBefore);
    } finally {
      google.state.refreshTokenRevoked = false;
      tiktok.faults.reset();
    }
  }, 120_000);
});

describe('Google Ads access lost after connecting (sync)', () => {
  it.each([
    [
      'a Cloud project no longer approved for production',
      'cloudProjectApproved',
      false,
      /CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION.*Fix:/,
    ],
    [
      'a customer id the account lost access to',
      'customerAccessRevoked',
      true,
      /USER_PERMISSION_DENIED.*Fix: check the customer id/,
    ],
  ] as const)(
    '%s → the connection shows the vendor’s reason and fix; nothing changes',
    async (_, knob, value, reason) => {
      const google = app.demo.emulators.googleAds;
      const before = await dailyTotals('google_ads');
      google.state[knob] = value;
      try {
        const res = await app.request('/api/sync/run', {
          method: 'POST',
          cookie: owner,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ source: 'google_ads' }),
        });
        expect(res.status).toBe(202);
        await runJobsUntilIdle(app.server.deps, { only: [catalogue.syncGoogleAds] });
        const status = await sourceStatus('google_ads');
        expect(status.lastError).toMatch(reason);
        expect(status.health).toMatchObject({ state: 'needs_attention' });
        expect(status.health.reason).toContain(status.lastError!);
        expect(await dailyTotals('google_ads')).toEqual(before);
      } finally {
        google.state[knob] = !value;
      }
      // access back: the next sync succeeds and the connection is healthy again
      await app.request('/api/sync/run', {
        method: 'POST',
        cookie: owner,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'google_ads' }),
      });
      await runJobsUntilIdle(app.server.deps, { only: [catalogue.syncGoogleAds] });
      expect((await sourceStatus('google_ads')).health.state).toBe('connected');
      expect(await dailyTotals('google_ads')).toEqual(before);
    },
    120_000,
  );
});

describe('GET /api/ad-spend', () => {
  const sumMinor = (byDay: Record<string, number>, from: string, to: string) =>
    Object.entries(byDay)
      .filter(([day]) => day >= from && day <= to)
      .reduce((sum, [, minor]) => sum + minor, 0);
  const cents = (decimal: string) => Math.round(Number(decimal) * 100);

  it('every platform over the shared range: shop currency, account currency and the rates; total = their sum', async () => {
    const to = app.demo.store.config.endDate;
    const from = addDays(to, -29);
    const res = await app.request(`/api/ad-spend?from=${from}&to=${to}`, { cookie: owner });
    expect(res.status).toBe(200);
    const body = AdSpendResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ currency: 'USD', from, to });
    expect(body.platforms.map((p) => p.platform)).toEqual(['meta', 'google_ads', 'tiktok_ads']);
    const byPlatform = Object.fromEntries(body.platforms.map((p) => [p.platform, p]));
    const planted = truth();
    for (const platform of ['google_ads', 'tiktok_ads'] as const) {
      const view = byPlatform[platform]!;
      const expected = planted[platform];
      expect(cents(view.spend)).toBe(sumMinor(expected.dailyShopSpendMinor, from, to));
      const accountByDay = Object.fromEntries(
        Object.entries(expected.dailySpendMinor).map(([day, c]) => [
          day,
          Object.values(c).reduce((a, b) => a + b, 0),
        ]),
      );
      expect(cents(view.spendInAccountCurrency)).toBe(sumMinor(accountByDay, from, to));
      expect(view.accountCurrency).toBe(expected.currency);
      expect(view.daysWithoutRate).toBe(0);
    }
    const tiktok = byPlatform.tiktok_ads!;
    expect(tiktok.rates.length).toBeGreaterThan(0);
    for (const run of tiktok.rates)
      expect(Number(run.rate)).toBeCloseTo(Number(planted.tiktok_ads.dailyRate[run.from]), 8);
    expect(byPlatform.google_ads!.rates).toEqual([]);
    const metaMinor = app.demo.store.meta.daily
      .filter((row) => row.day >= from && row.day <= to)
      .reduce((sum, row) => sum + row.spendMinor, 0);
    expect(cents(byPlatform.meta!.spend)).toBe(metaMinor);
    expect(cents(body.total)).toBe(body.platforms.reduce((sum, p) => sum + cents(p.spend), 0));
  });

  it('bad range input → 400 naming the field', async () => {
    const res = await app.request('/api/ad-spend?from=2026-01-01', { cookie: owner });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('to');
    const backwards = await app.request('/api/ad-spend?from=2026-02-01&to=2026-01-01', { cookie: owner });
    expect(backwards.status).toBe(400);
  });
});
