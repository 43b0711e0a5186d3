import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adPlatformExportLines, adPlatformTruth } from '../../src/demo/ad-platforms/ad-platform-truth.ts';
import { type AdPlatformPlan, planAdPlatforms } from '../../src/demo/ad-platforms/plan-ad-platforms.ts';
import type { PlannedClick } from '../../src/demo/ad-platforms/plan-google-clicks.ts';
import { buildGoogleAdsEmulator, type GoogleAdsEmulator } from '../../src/demo/emulators/google-ads/app.ts';
import { buildTikTokEmulator, type TikTokEmulator } from '../../src/demo/emulators/tiktok-ads/app.ts';
import {
  createGoogleAdsClient,
  type GoogleAdsClientOptions,
} from '../../src/server/connectors/google-ads/client.ts';
import { UpstreamError } from '../../src/server/connectors/http/upstream-error.ts';
import { createTikTokClient } from '../../src/server/connectors/tiktok-ads/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import type { AdPlatformDayRow } from '../../src/server/features/warehouse-sync/ad-platforms/ad-platform-row.ts';
import { mapGoogleAdsRows } from '../../src/server/features/warehouse-sync/google-ads/map.ts';
import { enqueueDueSyncs } from '../../src/server/features/warehouse-sync/jobs.ts';
import { mapTikTokRows } from '../../src/server/features/warehouse-sync/tiktok/map.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * Google Ads and TikTok connectors against their emulators over real HTTP (contracts/external-apis-2.md
 * §1, §2): every planted day read back exactly, and each account state the owner can meet (revoked
 * refresh token, Cloud project without production access, no access to the customer, rate limits)
 * answered with the vendor's reason and the fix; then the credential endpoints of one app pointed
 * at both emulators: tested before stored, masked on read, a failed test storing nothing.
 */
const END = '2026-11-30';
const OAUTH = {
  clientId: 'demo-client.apps.googleusercontent.com',
  clientSecret: 'demo-secret',
  refreshToken: '1//demo-refresh',
};
const MANAGER = '9876543210';
const TIKTOK_TOKEN = 'tt-demo-access-token';
const fast = { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 };

let plan: AdPlatformPlan;
let clicks: PlannedClick[];
let google: GoogleAdsEmulator;
let tiktok: TikTokEmulator;
let googleUrl: string;
let tiktokUrl: string;
let app: TestApp;
let owner: string;

beforeAll(async () => {
  // 400 days: the TikTok report needs two 1,000-row pages, Google's stream several batches of ad groups
  plan = planAdPlatforms({ seed: 7, endDay: END, days: 400, googleCampaigns: 6, tiktokCampaigns: 3 });
  // Two clicks on one delivered day of the plan, one the day after (click_view answers per day).
  const [a, b] = plan.google.days.filter((d) => d.date === '2026-11-20');
  clicks = [
    { gclid: 'Cj0Ktest-a', date: a!.date, campaignId: a!.campaignId, adGroupId: a!.adGroupId },
    { gclid: 'Cj0Ktest-b', date: b!.date, campaignId: b!.campaignId, adGroupId: b!.adGroupId },
    { gclid: 'Cj0Ktest-c', date: '2026-11-21', campaignId: a!.campaignId, adGroupId: a!.adGroupId },
  ];
  google = buildGoogleAdsEmulator({ account: plan.google, oauth: OAUTH, managerId: MANAGER, clicks });
  tiktok = buildTikTokEmulator({ account: plan.tiktok, accessToken: TIKTOK_TOKEN });
  googleUrl = (await google.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  tiktokUrl = (await tiktok.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  app = await startTestApp({ UPSTREAM_GOOGLE_ADS_URL: googleUrl, UPSTREAM_TIKTOK_URL: tiktokUrl });
  owner = await app.signIn('owner@example.com', 'Owner');
});
afterAll(async () => {
  await app?.close();
  await google.close();
  await tiktok.close();
});
beforeEach(() => {
  google.faults.reset();
  google.state.refreshTokenRevoked = false;
  google.state.cloudProjectApproved = true;
  tiktok.faults.reset();
});

const googleClient = (overrides: Partial<GoogleAdsClientOptions> = {}) =>
  createGoogleAdsClient({
    baseUrl: googleUrl,
    tokenUrl: `${googleUrl}/token`,
    ...OAUTH,
    customerId: '123-456-7890',
    retry: fast,
    ...overrides,
  });

/** date → campaign → spend, summed from mapped rows (ad-group rows add up to their campaign). */
function dailySpend(rows: AdPlatformDayRow[]) {
  const out: Record<string, Record<string, number>> = {};
  for (const row of rows) {
    const day = out[row.date] ?? {};
    out[row.date] = day;
    day[row.campaignId] = (day[row.campaignId] ?? 0) + row.spendMinor;
  }
  return out;
}

async function failureOf(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('demo ad accounts', () => {
  it('export one JSON line per ad-group day and their truth', () => {
    const files = adPlatformExportLines(plan);
    expect(files['google_ads_daily.jsonl']).toHaveLength(plan.google.days.length);
    expect(JSON.parse(files['tiktok_ads_daily.jsonl'][0]!)).toMatchObject({ currency: 'EUR' });
    const truth = adPlatformTruth(plan, 'USD').tiktok_ads;
    expect(truth.totalShopSpendMinor).not.toBe(truth.totalSpendMinor);
    expect(Object.keys(truth.dailyShopSpendMinor)).toEqual(Object.keys(truth.dailySpendMinor));
  });
});

describe('Google Ads connector ↔ emulator', () => {
  it('reads the account and every planted campaign day exactly, at campaign and ad-group level', async () => {
    const client = googleClient({ loginCustomerId: MANAGER });
    const customer = await client.getCustomer();
    expect(customer).toMatchObject({
      id: plan.google.accountId,
      currency: 'USD',
      timeZone: plan.google.timeZone,
    });
    const since = plan.google.days[0]!.date;
    const campaigns = mapGoogleAdsRows(
      await client.dailyRows('campaign', since, END),
      customer.id,
      customer.currency,
    );
    const truth = adPlatformTruth(plan, 'USD').google_ads;
    expect(dailySpend(campaigns)).toEqual(truth.dailySpendMinor);
    expect(campaigns.reduce((s, r) => s + r.clicks, 0)).toBe(truth.totalClicks);
    expect(new Set(campaigns.map((r) => r.campaignType))).toEqual(
      new Set(['search', 'shopping', 'performance_max', 'video']),
    );
    const planned = plan.google.campaigns[0]!;
    const row = campaigns.find((r) => r.campaignId === planned.id)!;
    expect(new URLSearchParams(planned.finalUrlSuffix).get('utm_campaign')).toBe(row.utmCampaign);
    expect(row.utmSource).toBe('google');
    const groups = mapGoogleAdsRows(
      await client.dailyRows('ad_group', since, END),
      customer.id,
      customer.currency,
    );
    expect(groups.length).toBe(plan.google.days.length);
    expect(dailySpend(groups)).toEqual(truth.dailySpendMinor);
  });

  it("click_view names each gclid's campaign and ad group for one day, and refuses a range as Google does", async () => {
    const client = googleClient();
    expect(await client.clickViews('2026-11-20')).toEqual(
      clicks.slice(0, 2).map(({ gclid, campaignId, adGroupId }) => ({ gclid, campaignId, adGroupId })),
    );
    expect((await client.clickViews('2026-11-21')).map((c) => c.gclid)).toEqual(['Cj0Ktest-c']);
    expect(await client.clickViews('2026-11-22')).toEqual([]);
    const error = await client
      .searchStream(
        "SELECT click_view.gclid, campaign.id FROM click_view WHERE segments.date BETWEEN '2026-11-20' AND '2026-11-21'",
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(400);
  });

  it('a revoked refresh token → invalid_grant and the fix', async () => {
    google.state.refreshTokenRevoked = true;
    const error = await failureOf(googleClient().getCustomer());
    expect(error.kind).toBe('auth');
    expect(error.upstreamCode).toBe('invalid_grant');
    expect(error.message).toMatch(/revoked.*Fix: sign in with Google again/);
  });

  it('a Cloud project without production access → CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION and the fix', async () => {
    google.state.cloudProjectApproved = false;
    const error = await failureOf(googleClient().getCustomer());
    expect(error).toMatchObject({
      kind: 'permission',
      upstreamCode: 'CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION',
    });
    expect(error.message).toMatch(/Fix: apply for Basic or Standard access/);
  });

  it('a customer without access → USER_PERMISSION_DENIED naming login-customer-id; a wrong manager → the combination error', async () => {
    const denied = await failureOf(googleClient({ customerId: '1112223334' }).getCustomer());
    expect(denied).toMatchObject({ kind: 'permission', upstreamCode: 'USER_PERMISSION_DENIED', status: 403 });
    expect(denied.message).toMatch(/manager account id as login customer id/);
    const wrongManager = await failureOf(googleClient({ loginCustomerId: '5555555555' }).getCustomer());
    expect(wrongManager.upstreamCode).toBe('INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION');
  });

  it('a used-up daily quota → rate_limited with the quota reason, without waiting for it', async () => {
    google.faults.set({ throttlePressure: 1 });
    const error = await failureOf(googleClient().getCustomer());
    expect(error).toMatchObject({ kind: 'rate_limited', upstreamCode: 'RESOURCE_EXHAUSTED', status: 429 });
    expect(error.message).toMatch(/Fix: wait and sync again/);
  });

  it('a server fault is retried, and a lasting one reported as unavailable', async () => {
    google.faults.set({ errorRate: 1 });
    const error = await failureOf(googleClient().listAccessibleCustomers());
    expect(error.kind).toBe('unavailable');
    google.faults.reset();
    expect(await googleClient().listAccessibleCustomers()).toEqual([MANAGER]);
  });
});

describe('TikTok connector ↔ emulator', () => {
  const client = (token = TIKTOK_TOKEN, advertiserId = plan.tiktok.accountId) =>
    createTikTokClient({ baseUrl: tiktokUrl, accessToken: token, advertiserId, retry: fast });

  it('reads the EUR advertiser and every planted campaign day over several pages', async () => {
    const advertiser = await client().getAdvertiser();
    expect(advertiser).toMatchObject({ currency: 'EUR', timeZone: 'Europe/Berlin' });
    const calls = tiktok.calls.reports;
    const rows = await client().dailyReport('campaign', plan.tiktok.days[0]!.date, END);
    expect(tiktok.calls.reports - calls).toBeGreaterThan(1);
    const mapped = mapTikTokRows(rows, advertiser.id, advertiser.currency);
    const truth = adPlatformTruth(plan, 'USD').tiktok_ads;
    expect(dailySpend(mapped)).toEqual(truth.dailySpendMinor);
    expect(mapped.every((r) => r.currency === 'EUR')).toBe(true);
    const groups = mapTikTokRows(await client().dailyReport('adgroup', END, END), advertiser.id, 'EUR');
    expect(groups.every((g) => g.adGroupId !== null && g.date === END)).toBe(true);
  });

  it('return codes → reason and fix: bad token 40105, other advertiser 40001, rate limit 40100 after retries', async () => {
    const token = await failureOf(client('wrong').getAdvertiser());
    expect(token).toMatchObject({ kind: 'auth', upstreamCode: 40105 });
    expect(token.message).toMatch(/Fix: authorise the app again/);
    const other = await failureOf(client(TIKTOK_TOKEN, '7000000000000000001').getAdvertiser());
    expect(other).toMatchObject({ kind: 'permission', upstreamCode: 40001 });
    tiktok.faults.set({ throttlePressure: 1 });
    const limited = await failureOf(client().dailyReport('campaign', END, END));
    expect(limited).toMatchObject({ kind: 'rate_limited', upstreamCode: 40100 });
    expect(limited.message).toMatch(/code 40100.*Fix:/);
  });
});

describe('ad-platform credentials API (app ↔ emulators)', () => {
  const post = async (path: string, body: unknown) => {
    const res = await app.request(path, {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const view = async (path: string) =>
    (await (await app.request(path, { cookie: owner })).json()) as {
      connected: boolean;
      account: { currency: string } | null;
      masked: Record<string, string | null>;
    };
  const googleBody = { ...OAUTH, customerId: '123-456-7890', loginCustomerId: MANAGER };
  const Ciphertexts = z.object({ provider: z.string(), ciphertext: z.string(), public_info: z.unknown() });

  it('Google Ads: a working connection is stored encrypted and read back masked; a failing one changes nothing', async () => {
    expect(
      (await post('/api/credentials/google-ads', { ...googleBody, customerId: '12-34' })).body,
    ).toMatchObject({
      message: expect.stringContaining('customerId'),
    });
    expect((await view('/api/credentials/google-ads')).connected).toBe(false);

    const ok = await post('/api/credentials/google-ads', googleBody);
    expect(ok).toMatchObject({
      status: 200,
      body: { success: true, account: { id: '1234567890', currency: 'USD' } },
    });
    const stored = await view('/api/credentials/google-ads');
    expect(stored.masked.refreshToken).toMatch(/^•+/);
    expect(JSON.stringify(stored)).not.toContain(OAUTH.refreshToken);
    expect(JSON.stringify(stored)).not.toContain(OAUTH.clientSecret);
    const rows = await queryRows(
      app.db,
      Ciphertexts,
      sql`SELECT provider, ciphertext, public_info FROM credentials`,
    );
    expect(JSON.stringify(rows)).not.toContain(OAUTH.refreshToken);

    google.state.refreshTokenRevoked = true;
    const revoked = await post('/api/credentials/google-ads', googleBody);
    expect(revoked).toMatchObject({ status: 502, body: { code: 'upstream_auth' } });
    expect(revoked.body.message).toMatch(/invalid_grant.*Fix:/);
    google.state.refreshTokenRevoked = false;

    google.state.cloudProjectApproved = false;
    const project = await post('/api/credentials/google-ads', googleBody);
    expect(project).toMatchObject({ status: 403, body: { code: 'upstream_permission' } });
    expect(project.body.message).toMatch(/CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION.*Fix:/);
    google.state.cloudProjectApproved = true;

    const denied = await post('/api/credentials/google-ads', { ...googleBody, customerId: '111-222-3334' });
    expect(denied.body.message).toMatch(/USER_PERMISSION_DENIED.*login customer id/);
    // none of the failures replaced the working connection
    expect(await view('/api/credentials/google-ads')).toEqual(stored);
  });

  it('TikTok: stored with the advertiser currency (EUR); the rate-limit code answers 429 with reason and fix', async () => {
    const ok = await post('/api/credentials/tiktok-ads', {
      accessToken: TIKTOK_TOKEN,
      advertiserId: plan.tiktok.accountId,
    });
    expect(ok).toMatchObject({
      status: 200,
      body: { account: { currency: 'EUR', timeZone: 'Europe/Berlin' } },
    });
    const stored = await view('/api/credentials/tiktok-ads');
    expect(stored.masked.accessToken).not.toContain(TIKTOK_TOKEN);
    tiktok.faults.set({ throttlePressure: 1 });
    const limited = await post('/api/credentials/tiktok-ads', {
      accessToken: TIKTOK_TOKEN,
      advertiserId: plan.tiktok.accountId,
    });
    expect(limited).toMatchObject({ status: 429, body: { code: 'upstream_rate_limited' } });
    expect(limited.body.message).toMatch(/40100.*Fix:/);
    tiktok.faults.reset();
    const badToken = await post('/api/credentials/tiktok-ads', {
      accessToken: 'other-token-123456',
      advertiserId: plan.tiktok.accountId,
    });
    expect(badToken).toMatchObject({ status: 502, body: { code: 'upstream_auth' } });
    expect(await view('/api/credentials/tiktok-ads')).toEqual(stored);
  });

  it('storing ad-platform credentials queues their sync, and "Sync now" names both (issue #39 step 1: they have sync jobs now)', async () => {
    // connecting queued both syncs already: the schedule adds nothing while they wait
    expect(await enqueueDueSyncs(app.db, new Date(), 15)).toBe(0);
    const run = await post('/api/sync/run', {});
    expect(run).toMatchObject({
      status: 202,
      body: {
        queued: [
          { source: 'google_ads', alreadyQueued: true },
          { source: 'tiktok_ads', alreadyQueued: true },
        ],
      },
    });
  });
});
