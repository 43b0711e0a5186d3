import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computeAttributionRows } from '../../src/core/pipeline/compute-attribution-rows.ts';
import { dayToIso } from '../../src/demo/calendar.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { loadAnalysisFacts } from '../../src/server/domain/analysis-facts/load-analysis-facts.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { addDays } from '../../src/shared/calendar.ts';
import type { AttributionRow } from '../../src/shared/contracts/analytics.ts';
import type { CampaignPerformance } from '../../src/shared/contracts/campaigns.ts';
import type { FirstPartyAttribution } from '../../src/shared/contracts/first-party.ts';
import type { GaOverview } from '../../src/shared/contracts/ga.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startDemoTestApp } from '../support/start-demo-app.ts';

/**
 * Decision 077: a GA4 property reporting in EUR beside a shop selling in USD. Over real HTTP, the
 * GA4 figures on /campaigns, the first-party attribution and the channel attribution are converted
 * to USD day by day with planted rates, and withheld (with a note) while a day has no rate. The
 * analysis run's attribution rows (decision 081) read the same converted figures from the warehouse.
 */
let app: DemoTestApp;
let owner: string;

const get = async <T>(path: string): Promise<T> => {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

const CurrencyRow = z.object({ currency_code: z.string() });
const WorkspaceRow = z.object({ workspace_id: z.string() });

/** What an analysis run reads (the real warehouse) and its attribution table over [start, end]. */
async function analysisAttribution(start: string, end: string) {
  const [shop] = await queryRows(app.db, WorkspaceRow, sql`SELECT workspace_id::text FROM wh_shops`);
  const facts = await loadAnalysisFacts(app.db, shop!.workspace_id, app.server.deps.clock());
  expect(facts?.ga4Daily.length).toBeGreaterThan(0);
  return { facts: facts!, rows: computeAttributionRows(facts!, start, end) };
}

beforeAll(async () => {
  app = await startDemoTestApp({}, { seed: 7, ga4Currency: 'EUR' });
  owner = await app.signIn('owner@example.com', 'Olive');
  expect((await app.request('/api/demo/connect', { method: 'POST', cookie: owner })).status).toBe(200);
  await runJobsUntilIdle(app.server.deps);
}, 240_000);

afterAll(async () => {
  await app?.close();
});

/** USD per euro: 1.25 until `switchDay`, 1.5 from it (planted, the only rates stored). */
/** The shop sells in USD: a wire amount in cents, null kept. */
const centsOrNull = (amount: string | null) => (amount === null ? null : parseDecimalToMinor(amount, 2));
const usdOn = (day: string, switchDay: string) => (day < switchDay ? 1.25 : 1.5);

/**
 * The emulator's Meta-channel cells over [start, end], summed per day × source/medium (× campaign),
 * each sum converted on its day and rounded half up — what a correct conversion must answer.
 */
function expectedUsd(start: string, end: string, switchDay: string) {
  const g = app.demo.store.ga4;
  const perRow = new Map<string, { day: string; campaign: string; minor: number }>();
  const perChannelRow = new Map<string, { day: string; minor: number }>();
  for (let c = 0; c < g.count; c += 1) {
    const day = dayToIso(g.day[c]!);
    if (day < start || day > end || g.sourceMedia[g.sourceMedium[c]!]!.source !== 'facebook') continue;
    const campaign = g.campaigns[g.campaign[c]!]!;
    const key = `${day}|${g.sourceMedium[c]}|${campaign}`;
    const row = perRow.get(key) ?? { day, campaign, minor: 0 };
    row.minor += g.purchaseRevenueMinor[c]!;
    perRow.set(key, row);
    const channelKey = `${day}|${g.sourceMedium[c]}`;
    const channelRow = perChannelRow.get(channelKey) ?? { day, minor: 0 };
    channelRow.minor += g.purchaseRevenueMinor[c]!;
    perChannelRow.set(channelKey, channelRow);
  }
  const byName = new Map<string, number>();
  let eur = 0;
  for (const row of perRow.values()) {
    byName.set(
      row.campaign,
      (byName.get(row.campaign) ?? 0) + Math.round(row.minor * usdOn(row.day, switchDay)),
    );
    eur += row.minor;
  }
  let total = 0;
  for (const row of perChannelRow.values()) total += Math.round(row.minor * usdOn(row.day, switchDay));
  return { byName, total, eur };
}

describe('GA4 amounts in the shop currency', () => {
  it('keeps the property currency with what the sync writes', async () => {
    const rows = await queryRows(
      app.db,
      CurrencyRow,
      sql`SELECT DISTINCT currency_code FROM wh_ga4_daily_channels
          UNION SELECT DISTINCT currency_code FROM wh_ga4_daily_campaigns`,
    );
    expect(rows.map((r) => r.currency_code)).toEqual(['EUR']);
  });

  it('withholds GA4 figures and says so while a day has no rate', async () => {
    await app.db.execute(sql`DELETE FROM ecb_rates`);
    const campaigns = await get<CampaignPerformance>('/api/campaigns?period=30');
    expect(campaigns.shopCurrency?.code).toBe('USD');
    expect(campaigns.totals.ga4ReportedRevenue).toBeNull();
    expect(campaigns.campaigns.length).toBeGreaterThan(0);
    for (const c of campaigns.campaigns) expect(c.ga4ReportedRevenue).toBeNull();
    expect(campaigns.ga4CurrencyNote).toMatch(/GA4 reports in EUR.*not converted to USD/);
    const firstParty = await get<FirstPartyAttribution>('/api/attribution/first-party?period=30&model=last');
    for (const c of firstParty.channels) expect(c.ga4ReportedRevenue).toBeNull();
    expect(firstParty.ga4CurrencyNote).toMatch(/not converted/);
    const rows = await get<AttributionRow[]>('/api/analytics/attribution?period=30');
    for (const row of rows.filter((r) => r.channel !== 'meta_ads')) expect(row.platformRevenue).toBeNull();
    const overview = await get<GaOverview>('/api/analytics/ga/overview?period=30');
    expect([overview.currency, overview.shopCurrency]).toEqual(['EUR', 'USD']);
    expect(Number(overview.revenue)).toBeGreaterThan(0);
    expect(overview.revenueInShopCurrency).toBeNull();
    expect(overview.currencyNote).toMatch(/not converted to USD/);
    const analysis = await analysisAttribution(campaigns.startDate!, campaigns.endDate!);
    expect(analysis.facts.ga4Daily.every((g) => g.revenue === null)).toBe(true);
    const others = analysis.rows.filter((r) => r.channel !== 'meta_ads');
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) expect(row.platformRevenue, row.channel).toBeNull();
  }, 60_000);

  it('converts each day at that day’s rate (the last published one before it on other days)', async () => {
    const before = await get<CampaignPerformance>('/api/campaigns?period=30');
    const start = before.startDate!;
    const end = before.endDate!;
    const switchDay = addDays(start, 10);
    // USD per euro: one rate published before the period (used for its first days), one inside it.
    await app.db.execute(sql`INSERT INTO ecb_rates (rate_date, currency, rate, fetched_at) VALUES
      (${addDays(start, -40)}::date, 'USD', 1.25, now()), (${switchDay}::date, 'USD', 1.5, now())`);
    const answer = await get<CampaignPerformance>('/api/campaigns?period=30');
    const expected = expectedUsd(start, end, switchDay);
    expect(expected.eur).toBeGreaterThan(0);
    expect(centsOrNull(answer.totals.ga4ReportedRevenue)).toBe(expected.total);
    expect(centsOrNull(answer.totals.ga4ReportedRevenue)).not.toBe(expected.eur);
    expect(answer.campaigns.map((c) => [c.name, centsOrNull(c.ga4ReportedRevenue)])).toEqual(
      answer.campaigns.map((c) => [c.name, expected.byName.get(c.name) ?? 0]),
    );
    expect(answer.campaigns.some((c) => (centsOrNull(c.ga4ReportedRevenue) ?? 0) > 0)).toBe(true);
    expect(answer.ga4CurrencyNote).toMatch(/GA4 reports in EUR: GA4 figures are converted to USD/);

    // The same conversion per channel on the first-party table and the attribution rows.
    const firstParty = await get<FirstPartyAttribution>('/api/attribution/first-party?period=30&model=last');
    const meta = firstParty.channels.find((c) => c.channel === 'meta_ads');
    expect(centsOrNull(meta?.ga4ReportedRevenue ?? null)).toBe(expected.total);
    const rows = await get<AttributionRow[]>('/api/analytics/attribution?period=30');
    const others = rows.filter((r) => r.channel !== 'meta_ads');
    expect(others.some((r) => (centsOrNull(r.platformRevenue) ?? 0) > 0)).toBe(true);
    for (const row of others) {
      const own = firstParty.channels.find((c) => c.channel === row.channel);
      expect(row.platformRevenue, row.channel).toBe(own?.ga4ReportedRevenue ?? '0.00');
    }

    // The GA tab's overview (decision 081): its revenue by day, 10 days at 1.25 and 20 at 1.5.
    const overview = await get<GaOverview>('/api/analytics/ga/overview?period=30');
    expect(overview.currency).toBe('EUR');
    const inShop = Number(overview.revenueInShopCurrency);
    expect(overview.revenueInShopCurrency).toMatch(/^\d+\.\d{2}$/);
    expect(inShop).toBeGreaterThan(Number(overview.revenue) * 1.25 + 0.01);
    expect(inShop).toBeLessThan(Number(overview.revenue) * 1.5 - 0.01);
    expect(overview.currencyNote).toMatch(/converted to USD at each day/);

    // The analysis run's attribution rows over the same days: the same converted figures.
    const analysis = await analysisAttribution(start, end);
    const analysed = analysis.rows.filter((r) => r.channel !== 'meta_ads');
    expect(analysed.some((r) => (r.platformRevenue ?? 0) > 0)).toBe(true);
    for (const row of analysed) {
      const own = others.find((r) => r.channel === row.channel);
      // The page's figure is the analysed one rounded once to the cent (decision 170).
      const pageCents = centsOrNull(own?.platformRevenue ?? '0') ?? 0;
      expect(Math.abs((row.platformRevenue ?? 0) * 100 - pageCents), row.channel).toBeLessThanOrEqual(
        0.5 + 1e-6,
      );
    }
  }, 60_000);
});
