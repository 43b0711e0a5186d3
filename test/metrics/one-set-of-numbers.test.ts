import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayToIso } from '../../src/demo/calendar.ts';
import type { DemoStore } from '../../src/demo/model.ts';
import type { AttributionRow } from '../../src/shared/contracts/analytics.ts';
import type { CampaignPerformance } from '../../src/shared/contracts/campaigns.ts';
import type { CustomerList } from '../../src/shared/contracts/customers.ts';
import type { DashboardKpis } from '../../src/shared/contracts/dashboard.ts';
import type { GaOverview } from '../../src/shared/contracts/ga.ts';
import type { InsightsResponse } from '../../src/shared/contracts/insights.ts';
import type { MetaSummary } from '../../src/shared/contracts/meta.ts';
import type { Opportunity } from '../../src/shared/contracts/opportunities.ts';
import type { ProfitReport } from '../../src/shared/contracts/profit.ts';
import type { DashboardToday } from '../../src/shared/contracts/webhooks.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { addDays, expectedFigures } from '../dashboard/store-figures.ts';
import { expectCampaignOpportunitiesMatch } from '../support/campaign-opportunity-figures.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Issue 20, one set of numbers: on the demo store, the dashboard KPIs, Campaign Performance, the
 * attribution table and the GA overview agree for the same window on every metric they share, and
 * each is traced to the generated store (the emulators' source), not to another endpoint alone.
 */

let app: DemoTestApp;
let owner: string;

async function get<T>(path: string): Promise<T> {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

/** GA4's own figures over the window, from the generated GA4 fact cells. */
function ga4Truth(store: DemoStore, start: string, end: string) {
  const ga = store.ga4;
  let revenueMinor = 0;
  let sessions = 0;
  for (let i = 0; i < ga.count; i += 1) {
    const day = dayToIso(ga.day[i]!);
    if (day < start || day > end) continue;
    revenueMinor += ga.purchaseRevenueMinor[i]!;
    sessions += ga.sessions[i]!;
  }
  return { revenueMinor, sessions };
}

const cents = (amount: string | null) => parseDecimalToMinor(amount ?? '0', 2);
/** A wire amount of the USD demo store (an exact decimal string) in cents; undefined when absent. */
const minorOf = (amount: string | undefined) =>
  amount === undefined ? undefined : parseDecimalToMinor(amount, 2);

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('one set of numbers on the demo store', () => {
  it.each(['7', '30', '90'])('agrees across endpoints over the last %s days', async (period) => {
    const store = app.demo.store;
    const dashboard = await get<DashboardKpis>(`/api/dashboard/kpis?period=${period}`);
    const campaigns = await get<CampaignPerformance>(`/api/campaigns?period=${period}`);
    const attribution = await get<AttributionRow[]>(`/api/analytics/attribution?period=${period}`);
    const ga = await get<GaOverview>(`/api/analytics/ga/overview?period=${period}`);
    const k = dashboard.kpis!;
    const window = dashboard.current!;
    const truth = expectedFigures(store, window.start, window.end);
    const meta = attribution.find((r) => r.channel === 'meta_ads')!;
    const figures = {
      window: [window.start, window.end],
      revenue: {
        dashboard: minorOf(k.revenue.current),
        attributionSum: attribution.reduce((s, r) => s + cents(r.revenue), 0),
      },
      orders: { dashboard: k.orders.current, truth: truth.orders },
      adSpend: { dashboard: minorOf(k.adSpend?.current), truth: truth.adSpend },
      metaSpend: {
        dashboard: minorOf(dashboard.adPlatforms.find((p) => p.platform === 'meta')?.spend),
        campaigns: parseDecimalToMinor(campaigns.totals.spend, 2),
        attribution: cents(meta.spend),
        truth: truth.spend,
      },
      metaRevenue: {
        campaigns: parseDecimalToMinor(campaigns.totals.netRevenue, 2),
        attribution: cents(meta.revenue),
      },
      metaRoas: { dashboard: k.metaRoas?.current, campaigns: campaigns.totals.roas, attribution: meta.roas },
      matchRate: { campaigns: campaigns.totals.matchRate, attribution: meta.matchRate },
      ga4: { overviewRevenue: parseDecimalToMinor(ga.revenue, 2), overviewSessions: ga.sessions },
    };
    console.log(`${period} days`, JSON.stringify(figures));

    // One window: the campaigns' period is the dashboard's.
    expect([campaigns.startDate, campaigns.endDate]).toEqual([window.start, window.end]);
    // Revenue and orders: the store's, to the minor unit, and every channel's credit adds up to it.
    expect(figures.revenue.dashboard).toBe(truth.gross - truth.refunds);
    expect(k.orders.current).toBe(truth.orders);
    expect(figures.revenue.attributionSum).toBe(figures.revenue.dashboard);
    // Ad spend: every platform's (issue #39); Meta's: the same wherever it is shown.
    expect(figures.adSpend.dashboard).toBe(truth.adSpend);
    expect(figures.metaSpend.dashboard).toBe(truth.spend);
    expect(parseDecimalToMinor(campaigns.totals.spend, 2)).toBe(truth.spend);
    expect(cents(meta.spend)).toBe(truth.spend);
    // Meta-attributed revenue, ROAS and match rate: one attribution rule.
    expect(cents(meta.revenue)).toBe(parseDecimalToMinor(campaigns.totals.netRevenue, 2));
    expect(meta.roas).toBeCloseTo(campaigns.totals.roas!, 10);
    expect(k.metaRoas?.current).toBeCloseTo(campaigns.totals.roas!, 10);
    expect(meta.matchRate).toBeCloseTo(campaigns.totals.matchRate!, 10);
    // Blended ROAS is another metric: store revenue over every platform's spend.
    expect(k.roas?.current).toBeCloseTo((figures.revenue.dashboard ?? Number.NaN) / truth.adSpend, 10);
    // GA4-reported figures over the same window, as GA4 counts them.
    const gaTruth = ga4Truth(store, window.start, window.end);
    expect(parseDecimalToMinor(ga.revenue, 2)).toBe(Math.round(gaTruth.revenueMinor));
    expect(ga.sessions).toBe(gaTruth.sessions);
  });

  it('answers any range (from, to, compare) with its window, the same days on every endpoint', async () => {
    const store = app.demo.store;
    const latest = (await get<DashboardKpis>('/api/dashboard/kpis?period=7')).current!.end;
    // An explicit range that is not a preset: 40 days ending 10 days before the last complete day.
    const to = addDays(latest, -10);
    const from = addDays(to, -39);
    const range = `from=${from}&to=${to}`;
    const dashboard = await get<DashboardKpis>(`/api/dashboard/kpis?${range}&compare=previous_year`);
    const campaigns = await get<CampaignPerformance>(`/api/campaigns?${range}`);
    const meta = await get<MetaSummary>(`/api/meta/summary?${range}`);
    const insights = await get<InsightsResponse>(`/api/insights?${range}`);
    const customers = await get<CustomerList>(`/api/customers?${range}`);
    for (const body of [dashboard, campaigns, meta, insights, customers])
      expect([body.from, body.to]).toEqual([from, to]);
    const truth = expectedFigures(store, from, to);
    // Insights speak of exactly that window (computed on demand, decision 119): its net revenue is the dashboard's.
    expect(parseDecimalToMinor(insights.revenue!.current, 2)).toBe(truth.gross - truth.refunds);
    expect(insights.revenueDays.map((d) => d.date)).toEqual(
      Array.from({ length: 40 }, (_, i) => addDays(from, i)),
    );
    expect(minorOf(dashboard.kpis!.revenue.current)).toBe(truth.gross - truth.refunds);
    expect(dashboard.kpis!.orders.current).toBe(truth.orders);
    expect(parseDecimalToMinor(campaigns.totals.spend, 2)).toBe(truth.spend);
    expect(meta.periodDays).toBe(40);
    // Previous year: 364 days back (weekdays aligned), figures of those days.
    const yearBack = { from: addDays(from, -364), to: addDays(to, -364) };
    expect(dashboard.comparison).toMatchObject({ compare: 'previous_year', ...yearBack });
    expect(dashboard.previous).toEqual({ start: yearBack.from, end: yearBack.to });
    const before = expectedFigures(store, yearBack.from, yearBack.to);
    const firstDay = dashboard.comparison!.firstDataDay!;
    if (dashboard.comparison!.hasData) {
      expect(yearBack.to >= firstDay).toBe(true);
      expect(dashboard.kpis!.orders.previous).toBe(before.orders);
    } else {
      expect(before.orders).toBe(0);
      expect(dashboard.kpis!.orders.changePercent).toBeNull();
    }
    // Customers listed for a range ordered in it.
    for (const customer of customers.customers) expect(customer.lastOrderDate >= from).toBe(true);

    // A comparison wholly before the shop's first day: present, without data, no change claimed.
    const early = `from=${firstDay}&to=${addDays(firstDay, 6)}&compare=previous_year`;
    const none = await get<DashboardKpis>(`/api/dashboard/kpis?${early}`);
    expect(none.comparison).toMatchObject({
      compare: 'previous_year',
      hasData: false,
      firstDataDay: firstDay,
    });
    expect(none.kpis!.revenue.changePercent).toBeNull();
    const campaignsEarly = await get<CampaignPerformance>(`/api/campaigns?${early}`);
    expect(campaignsEarly.comparison?.hasData).toBe(false);

    // Bad ranges: 400 naming the field, on every ranged endpoint.
    const bad: [string, RegExp][] = [
      [`from=${to}&to=${from}`, /"to"|\bto\b/],
      ['from=2020-01-01&to=2024-01-01', /\bto\b/],
      ['from=2025-02-30&to=2025-03-01', /\bfrom\b/],
      ['from=2025-02-01', /\bto\b/],
      ['from=2025-02-01&to=2025-02-02&compare=last_decade', /compare/],
    ];
    for (const path of [
      '/api/dashboard/kpis',
      '/api/campaigns',
      '/api/meta/summary',
      '/api/insights',
      '/api/customers',
    ])
      for (const [query, field] of bad) {
        const response = await app.request(`${path}?${query}`, { cookie: owner });
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(await response.text(), `${path}?${query}`).toMatch(field);
      }
  });

  it("states today's net sales and contribution margin exactly as /api/profit does for today", async () => {
    const today = await get<DashboardToday>('/api/dashboard/today');
    expect(today.date).not.toBeNull();
    const profit = await get<ProfitReport>(`/api/profit?from=${today.date}&to=${today.date}`);
    expect(today.netSales).toBe(profit.totals.netSales);
    expect(today.contributionMargin).toBe(profit.totals.contributionMargin);
    for (const key of ['orders', 'revenue', 'lastOrderAt', 'mode']) expect(today).toHaveProperty(key);
  });

  it('keeps the spec shape of the attribution rows without a period (last 30 days)', async () => {
    const plain = await get<AttributionRow[]>('/api/analytics/attribution');
    const thirty = await get<AttributionRow[]>('/api/analytics/attribution?period=30');
    expect(plain).toEqual(thirty);
    for (const row of plain)
      expect(Object.keys(row).sort()).toEqual(
        ['channel', 'matchRate', 'opportunity', 'platformRevenue', 'revenue', 'roas', 'spend'].sort(),
      );
    const bad = await app.request('/api/analytics/attribution?period=14', { cookie: owner });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/period/);
  });

  it('states campaign opportunities with the figures and the label Campaign Performance shows', async () => {
    const campaigns = await get<CampaignPerformance>('/api/campaigns?period=30');
    const opportunities = await get<Opportunity[]>('/api/opportunities');
    const byCampaign = new Map(campaigns.campaigns.map((c) => [c.campaignId, c]));
    const campaignOpportunities = expectCampaignOpportunitiesMatch(opportunities, campaigns);
    // Every campaign labelled Scale up or Cut has its opportunity, and no other does.
    for (const c of byCampaign.values()) {
      const types = campaignOpportunities
        .filter((o) => c.opportunities.some((l) => l.id === o.id))
        .map((o) => o.type);
      if (c.label === 'Scale up') expect(types, c.name).toContain('scale_campaign');
      if (c.label === 'Cut') expect(types, c.name).toContain('cut_campaign');
      if (c.label !== 'Scale up') expect(types, c.name).not.toContain('scale_campaign');
    }
  });

  it('prints money in the shop currency and never ranks a low-confidence opportunity above low', async () => {
    const opportunities = await get<Opportunity[]>('/api/opportunities');
    expect(opportunities.length).toBeGreaterThan(0);
    for (const o of opportunities) {
      // A bare amount ("spent 4008 for 174") has no currency sign before it.
      expect(o.description, o.title).not.toMatch(
        /(?<![$\d.,])\b\d{3,}(?:\.\d+)?\b(?! ?(?:%|days|orders|units|customers|x\b))/,
      );
      if (o.confidenceScore < 0.2) expect(o.priority, o.title).toBe('low');
    }
  });
});
