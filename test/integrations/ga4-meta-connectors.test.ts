import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildDemoCredentials, DEMO_SECRETS, ga4TokenUri } from '../../src/demo/credentials.ts';
import { buildGa4Emulator, type Ga4Emulator } from '../../src/demo/emulators/ga4/app.ts';
import { buildMetaEmulator, type MetaEmulator } from '../../src/demo/emulators/meta/app.ts';
import { generateStore } from '../../src/demo/generate-store.ts';
import type { DemoStore } from '../../src/demo/model.ts';
import { createAppCaches, type UpstreamTokenCache } from '../../src/server/caches.ts';
import { createGa4Client } from '../../src/server/connectors/ga4/client.ts';
import {
  mapOverview,
  mapPages,
  mapTraffic,
  OVERVIEW_REPORT,
  PAGES_REPORT,
  TRAFFIC_REPORT,
} from '../../src/server/connectors/ga4/map.ts';
import { UpstreamError } from '../../src/server/connectors/http/upstream-error.ts';
import { createMetaClient } from '../../src/server/connectors/meta/client.ts';
import { ServiceAccountSchema } from '../../src/shared/contracts/credentials.ts';

/** GA4 and Meta connectors against their emulators and fault knobs (contract doc §2, §3). */
let ga4: Ga4Emulator;
let meta: MetaEmulator;
let ga4Url: string;
let metaUrl: string;
const fastSleep = async (ms: number) => {
  await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20)));
};

let store: DemoStore;

beforeAll(async () => {
  store = generateStore({ preset: 'small', seed: 11, customers: 60, days: 90 });
  ga4 = buildGa4Emulator({ store });
  meta = buildMetaEmulator({ store });
  ga4Url = (await ga4.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  metaUrl = (await meta.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await ga4?.close();
  await meta?.close();
});
beforeEach(() => {
  ga4.faults.reset();
  meta.faults.reset();
  tokens = createAppCaches().upstreamTokens;
});
/** A fresh token cache per test, as each app has its own. */
let tokens: UpstreamTokenCache;

function gaClient(propertyId: string = DEMO_SECRETS.ga4.propertyId, timeoutMs?: number) {
  const credentials = buildDemoCredentials({ shopify: 'http://unused', ga4: ga4Url, meta: metaUrl });
  const account = ServiceAccountSchema.parse(JSON.parse(credentials.ga4.serviceAccountJson));
  expect(account.token_uri).toBe(ga4TokenUri(ga4Url));
  return createGa4Client({
    tokens,
    baseUrl: ga4Url,
    propertyId,
    serviceAccount: account,
    sleep: fastSleep,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

function metaClient(
  accessToken: string = DEMO_SECRETS.meta.accessToken,
  appSecret: string = DEMO_SECRETS.meta.appSecret,
) {
  return createMetaClient({ baseUrl: metaUrl, accessToken, appSecret, sleep: fastSleep });
}

describe('GA4 connector against the emulator', () => {
  it('exchanges a signed JWT at token_uri and runs the dashboard reports', async () => {
    const client = gaClient();
    await client.verify();
    const overview = mapOverview(await client.runReport(OVERVIEW_REPORT));
    expect(overview.sessions).toBeGreaterThan(0);
    expect(overview.bounceRate).toBeGreaterThanOrEqual(0);
    expect(overview.bounceRate).toBeLessThanOrEqual(1);
    const pages = mapPages(await client.runReport(PAGES_REPORT));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0]!.screenPageViews).toBeGreaterThanOrEqual(pages.at(-1)!.screenPageViews);
    const traffic = mapTraffic(await client.runReport(TRAFFIC_REPORT));
    expect(traffic.length).toBeGreaterThan(0);
  });

  it('lists each traffic source once, its sessions summed over its mediums', async () => {
    const client = gaClient();
    const traffic = mapTraffic(await client.runReport(TRAFFIC_REPORT));
    const names = traffic.map((row) => row.source);
    expect(new Set(names).size).toBe(names.length);
    // The demo store sends google traffic as two source / medium pairs (cpc and organic).
    const byPair = await client.runReport({
      ...TRAFFIC_REPORT,
      dimensions: [{ name: 'sessionSourceMedium' }],
      limit: 100,
    });
    const googlePairs = byPair.rows.filter((row) => row.dimensionValues[0]?.value.startsWith('google / '));
    expect(googlePairs.length).toBeGreaterThan(1);
    const googleSessions = googlePairs.reduce((sum, row) => sum + Number(row.metricValues[0]?.value), 0);
    expect(traffic.find((row) => row.source === 'google')?.sessions).toBe(googleSessions);
  });

  it('reports revenue per campaign (sessionCampaignName) that adds up to the source / medium report', async () => {
    const client = gaClient();
    const range = [{ startDate: '2000-01-01', endDate: 'today' }];
    // The sync's campaign report (decision 073), as it goes over the wire.
    const byCampaign = await client.runReport({
      dateRanges: range,
      dimensions: [
        { name: 'date' },
        { name: 'sessionSource' },
        { name: 'sessionMedium' },
        { name: 'sessionCampaignName' },
      ],
      metrics: [{ name: 'sessions' }, { name: 'transactions' }, { name: 'purchaseRevenue' }],
      limit: 10_000,
    });
    expect(byCampaign.metricHeaders).toEqual([
      { name: 'sessions', type: 'TYPE_INTEGER' },
      { name: 'transactions', type: 'TYPE_INTEGER' },
      { name: 'purchaseRevenue', type: 'TYPE_CURRENCY' },
    ]);
    const bySource = await client.runReport({
      dateRanges: range,
      dimensions: [{ name: 'sessionSourceMedium' }],
      metrics: [{ name: 'sessions' }, { name: 'transactions' }, { name: 'purchaseRevenue' }],
    });
    const cents = (value: string | undefined) => Math.round(Number(value) * 100);
    const paid = bySource.rows.find((row) => row.dimensionValues[0]?.value === 'facebook / paid_social')!;
    const metaRows = byCampaign.rows.filter(
      (row) =>
        row.dimensionValues[1]?.value === 'facebook' && row.dimensionValues[2]?.value === 'paid_social',
    );
    const perCampaign = new Map<string, { sessions: number; transactions: number; revenue: number }>();
    for (const row of metaRows) {
      const name = row.dimensionValues[3]!.value;
      const e = perCampaign.get(name) ?? { sessions: 0, transactions: 0, revenue: 0 };
      e.sessions += Number(row.metricValues[0]!.value);
      e.transactions += Number(row.metricValues[1]!.value);
      e.revenue += cents(row.metricValues[2]!.value);
      perCampaign.set(name, e);
    }
    const all = [...perCampaign.values()];
    expect(all.reduce((s, e) => s + e.sessions, 0)).toBe(Number(paid.metricValues[0]!.value));
    expect(all.reduce((s, e) => s + e.transactions, 0)).toBe(Number(paid.metricValues[1]!.value));
    expect(all.reduce((s, e) => s + e.revenue, 0)).toBe(cents(paid.metricValues[2]!.value));
    // Meta sessions carry the Meta campaigns' names (their utm_campaign), and GA4's purchases per
    // campaign follow the store's GA4-tracked orders of that campaign (GA4 misses the others).
    const names = new Set(store.meta.campaigns.map((c) => c.name));
    for (const name of perCampaign.keys()) expect(names.has(name) || name === '(not set)', name).toBe(true);
    const tracked = new Map<string, number>();
    const verified = new Map<string, number>();
    for (let i = 0; i < store.orders.count; i += 1) {
      const o = store.getOrder(i);
      if (o.test || o.cancelledAtMs !== null || o.metaCampaignIndex === null) continue;
      const name = store.meta.campaigns[o.metaCampaignIndex]!.name;
      verified.set(name, (verified.get(name) ?? 0) + 1);
      if (o.ga4Tracked) tracked.set(name, (tracked.get(name) ?? 0) + 1);
    }
    expect([...tracked.values()].reduce((s, n) => s + n, 0)).toBeGreaterThan(0);
    for (const [name, orders] of tracked) {
      const reported = perCampaign.get(name)?.transactions ?? 0;
      expect(Math.abs(reported - orders), name).toBeLessThanOrEqual(Math.max(2, orders * 0.15));
    }
    // Sessions without a campaign get GA4's own names.
    const other = new Set(
      byCampaign.rows
        .filter((row) => row.dimensionValues[2]?.value !== 'paid_social')
        .map((row) => row.dimensionValues[3]?.value),
    );
    expect(other).toContain('(direct)');
    expect(other).toContain('(organic)');
  });

  it('reports a property the account cannot read as a permission problem', async () => {
    await expect(gaClient(DEMO_SECRETS.ga4.forbiddenPropertyId).verify()).rejects.toMatchObject({
      kind: 'permission',
    });
  });

  it('rejects a key the token endpoint does not know', async () => {
    const credentials = buildDemoCredentials({ shopify: 'http://unused', ga4: ga4Url, meta: metaUrl });
    const account = ServiceAccountSchema.parse(JSON.parse(credentials.ga4.serviceAccountJson));
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const client = createGa4Client({
      tokens,
      baseUrl: ga4Url,
      propertyId: DEMO_SECRETS.ga4.propertyId,
      serviceAccount: { ...account, private_key: String(other) },
      sleep: fastSleep,
    });
    await expect(client.verify()).rejects.toMatchObject({ kind: 'auth' });
  });

  it('retries 5xx, times out hung requests', async () => {
    ga4.faults.set({ errorRate: 1 });
    await expect(gaClient().verify()).rejects.toMatchObject({ kind: 'unavailable' });
    ga4.faults.set({ errorRate: 0, hangRate: 1 });
    const error = await gaClient(undefined, 200)
      .verify()
      .catch((e: unknown) => e);
    ga4.faults.releaseHung();
    expect((error as UpstreamError).kind).toBe('timeout');
  });
});

describe('Meta connector against the emulator', () => {
  it('reads /me, the ad account, insights and campaigns with appsecret_proof', async () => {
    const client = metaClient();
    const me = await client.getMe();
    expect(me.id).toBeTruthy();
    const account = await client.getAdAccount(DEMO_SECRETS.meta.adAccountId);
    expect(account.currency).toMatch(/^[A-Z]{3}$/);
    const rows = await client.getAllInsights({
      adAccountId: DEMO_SECRETS.meta.adAccountId,
      level: 'campaign',
      datePreset: 'last_month',
    });
    const campaigns = await client.listAllCampaigns(DEMO_SECRETS.meta.adAccountId);
    expect(rows.reduce((sum, row) => sum + Number(row.spend ?? 0), 0)).toBeGreaterThan(0);
    expect(campaigns.some((c) => (c.effective_status ?? c.status) !== undefined)).toBe(true);
    expect(client.lastUsage).toBeDefined();
  });

  it('tells an invalid token (190) from a token without ads_read (200)', async () => {
    await expect(metaClient('EAAinvalid').getMe()).rejects.toMatchObject({ kind: 'auth', upstreamCode: 190 });
    const noAds = metaClient(DEMO_SECRETS.meta.accessTokenWithoutAdsRead);
    expect((await noAds.getMe()).id).toBeTruthy();
    const error = await noAds
      .getInsights({ adAccountId: DEMO_SECRETS.meta.adAccountId, datePreset: 'last_7d', limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('permission');
    expect((error as UpstreamError).upstreamCode).toBe(200);
  });

  it('fails with a wrong app secret (bad appsecret_proof)', async () => {
    await expect(metaClient(undefined, 'not-the-secret').getMe()).rejects.toBeInstanceOf(UpstreamError);
  });

  it('reports persistent throttling (17) as rate_limited after retries', async () => {
    meta.faults.set({ throttlePressure: 1 });
    const error = await metaClient()
      .getInsights({ adAccountId: DEMO_SECRETS.meta.adAccountId, datePreset: 'last_7d', limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('rate_limited');
  });

  it('retries transient 5xx', async () => {
    meta.faults.set({ errorRate: 1 });
    await expect(metaClient().getMe()).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
