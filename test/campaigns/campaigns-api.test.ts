import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dayToIso, localDayOf } from '../../src/demo/calendar.ts';
import type { DemoStore, DemoVisit } from '../../src/demo/model.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import type { CampaignPerformance } from '../../src/shared/contracts/campaigns.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { createOrder } from '../support/factories.ts';
import { startTestApp } from '../support/start-app.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

const cents = (amount: string) => parseDecimalToMinor(amount, 2);
const centsOrNull = (amount: string | null) => (amount === null ? null : cents(amount));

let app: DemoTestApp;
let owner: string;

const isMeta = (v: DemoVisit) =>
  ['facebook', 'instagram', 'fb', 'ig', 'meta'].includes((v.utm.source ?? '').toLowerCase()) ||
  v.utm.medium === 'paid_social';
const isDirect = (v: DemoVisit) => !isMeta(v) && v.sourceType === 'DIRECT' && !v.utm.source && !v.utm.medium;

/**
 * Expected figures straight from the generated store (not from the warehouse): Meta spend and
 * platform figures per campaign over the period, and store revenue by last non-direct click over
 * each order's first and last visits, refunds on their shop-local day.
 */
function expectedFrom(store: DemoStore, start: string, end: string) {
  const byName = new Map(store.meta.campaigns.map((c) => [c.name, c.id]));
  const out = new Map<
    string,
    { spend: number; clicks: number; reported: number; orders: number; revenue: number; refunds: number }
  >();
  const entry = (id: string) => {
    let e = out.get(id);
    if (!e) {
      e = { spend: 0, clicks: 0, reported: 0, orders: 0, revenue: 0, refunds: 0 };
      out.set(id, e);
    }
    return e;
  };
  for (const row of store.meta.daily) {
    if (row.day < start || row.day > end) continue;
    const e = entry(store.meta.campaigns[row.campaignIndex]!.id);
    e.spend += row.spendMinor;
    e.clicks += row.clicks;
    e.reported += row.reportedPurchaseValueMinor;
  }
  for (let i = 0; i < store.orders.count; i += 1) {
    const o = store.getOrder(i);
    if (o.test || o.cancelledAtMs !== null || !o.journey) continue;
    const { firstVisit, lastVisit } = o.journey;
    const credited = isMeta(lastVisit)
      ? lastVisit.utm.campaign
      : isDirect(lastVisit) && isMeta(firstVisit)
        ? firstVisit.utm.campaign
        : null;
    const id = credited === null ? undefined : byName.get(credited);
    if (!id) continue;
    if (o.day >= start && o.day <= end) {
      entry(id).orders += 1;
      entry(id).revenue += o.totalMinor;
    }
    for (const r of o.refunds) {
      const day = dayToIso(localDayOf(store.shop.ianaTimezone, r.createdAtMs));
      if (day >= start && day <= end) entry(id).refunds += r.totalMinor;
    }
  }
  return out;
}

/** GA4's purchase revenue per campaign name of the Meta source / medium over [start, end], straight from the demo property's cells. */
function ga4From(store: DemoStore, start: string, end: string) {
  const g = store.ga4;
  const out = new Map<string, number>();
  let total = 0;
  for (let c = 0; c < g.count; c += 1) {
    const day = dayToIso(g.day[c]!);
    if (day < start || day > end || g.sourceMedia[g.sourceMedium[c]!]!.source !== 'facebook') continue;
    const name = g.campaigns[g.campaign[c]!]!;
    out.set(name, (out.get(name) ?? 0) + g.purchaseRevenueMinor[c]!);
    total += g.purchaseRevenueMinor[c]!;
  }
  return { byName: out, total };
}

const read = async (query: string, cookie = owner): Promise<CampaignPerformance> => {
  const response = await app.request(`/api/campaigns${query}`, { cookie });
  expect(response.status, query).toBe(200);
  return (await response.json()) as CampaignPerformance;
};

// The demo store connected, synced and analysed: a copy of the run's template (decision 092).
beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
}, 600_000);

afterAll(async () => {
  await app?.close();
});

const QueryRow = z.object({ workspace_id: z.string() });

describe('GET /api/campaigns', () => {
  it('refuses a bad period and a missing session', async () => {
    const bad = await app.request('/api/campaigns?period=15', { cookie: owner });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/period/);
    expect((await app.request('/api/campaigns')).status).toBe(401);
  });

  it('says Meta is not connected before a store is', async () => {
    const fresh = await startTestApp();
    try {
      const cookie = await fresh.signIn('owner@example.com', 'Olive');
      const response = await fresh.request('/api/campaigns', { cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        connected: false,
        hasData: false,
        period: 30,
        campaigns: [],
      });
    } finally {
      await fresh.close();
    }
  });

  it('after the syncs, matches the store: spend, clicks, platform value, credited orders, revenue and refunds', async () => {
    const store = app.demo.store;
    for (const period of [7, 30, 90]) {
      const answer = await read(`?period=${period}`);
      expect(answer).toMatchObject({ connected: true, hasData: true, period, currencyNote: null });
      expect(answer.shopCurrency).toEqual({ code: 'USD', digits: 2 });
      expect(answer.endDate).toBe(store.config.endDate);
      const expected = expectedFrom(store, answer.startDate!, answer.endDate!);
      expect(answer.campaigns.length).toBeGreaterThan(0);
      // GA4-reported revenue per campaign (issue 16 item 3): the emulator's figure for the campaign's name.
      const ga4 = ga4From(store, answer.startDate!, answer.endDate!);
      expect(centsOrNull(answer.totals.ga4ReportedRevenue)).toBe(ga4.total);
      expect(answer.campaigns.map((c) => [c.name, centsOrNull(c.ga4ReportedRevenue)])).toEqual(
        answer.campaigns.map((c) => [c.name, ga4.byName.get(c.name) ?? 0]),
      );
      if (period === 90)
        expect(answer.campaigns.some((c) => (centsOrNull(c.ga4ReportedRevenue) ?? 0) > 0)).toBe(true);
      for (const c of answer.campaigns) {
        const e = expected.get(c.campaignId) ?? {
          spend: 0,
          clicks: 0,
          reported: 0,
          orders: 0,
          revenue: 0,
          refunds: 0,
        };
        expect(
          [
            cents(c.spend),
            c.clicks,
            cents(c.reportedPurchaseValue),
            c.verifiedOrders,
            cents(c.verifiedRevenue),
            cents(c.refunds),
          ],
          `${c.name}, ${period} days`,
        ).toEqual([e.spend, e.clicks, e.reported, e.orders, e.revenue, e.refunds]);
        expect(cents(c.netRevenue)).toBe(e.revenue - e.refunds);
        if (cents(c.spend) > 0) expect(c.roas).toBeCloseTo((e.revenue - e.refunds) / e.spend, 10);
        expect(c.daily).toHaveLength(period);
        expect(c.daily.reduce((s, d) => s + cents(d.spend), 0)).toBe(cents(c.spend));
        expect(c.daily.reduce((s, d) => s + cents(d.revenue), 0)).toBe(cents(c.netRevenue));
      }
      const sum = (pick: (c: CampaignPerformance['campaigns'][number]) => number) =>
        answer.campaigns.reduce((s, c) => s + pick(c), 0);
      expect(sum((c) => c.verifiedOrders)).toBeGreaterThan(0);
      if (period === 90) expect(sum((c) => cents(c.refunds))).toBeGreaterThan(0);
      expect(cents(answer.totals.spend)).toBe(sum((c) => cents(c.spend)));
      // Totals are Meta's as a channel: the campaigns plus the Meta-credited orders naming none.
      expect(cents(answer.totals.verifiedRevenue)).toBe(
        sum((c) => cents(c.verifiedRevenue)) + cents(answer.unmatched.revenue),
      );
    }
  }, 240_000);

  it('labels the planted campaigns and links their opportunities', async () => {
    const answer = await read('?period=30');
    const truth = app.demo.store.groundTruth.plantedCampaigns;
    const high = answer.campaigns.find((c) => c.campaignId === truth.highRoas.id)!;
    const wasteful = answer.campaigns.find((c) => c.campaignId === truth.wasteful.id)!;
    expect(high.roas).toBeGreaterThan(2.5);
    expect(high.label).toBe('Scale up');
    expect(wasteful.roas).toBeLessThan(1);
    expect(wasteful.label).toBe('Cut');
    const opportunities = (await (
      await app.request('/api/opportunities', { cookie: owner })
    ).json()) as Array<{
      id: string;
      type: string;
    }>;
    for (const c of answer.campaigns)
      for (const link of c.opportunities) expect(opportunities.map((o) => o.id)).toContain(link.id);
    expect(wasteful.opportunities.map((o) => o.type)).toContain('cut_campaign');
  });

  it('counts an order a later sync brings in (figures are kept per warehouse version)', async () => {
    const before = await read('?period=7');
    const campaign = before.campaigns[0]!;
    const [row] = await queryRows(app.db, QueryRow, sql`SELECT workspace_id FROM wh_shops LIMIT 1`);
    const ws = row!.workspace_id;
    // What a sync does: upsert the order, then record its progress in sync_states.
    await createOrder(app.db, {
      workspaceId: ws,
      orderId: 999999001,
      name: '#LATE',
      totalMinor: 12345,
      orderDate: before.endDate!,
      utmSource: 'facebook',
      utmMedium: 'paid_social',
      utmCampaign: campaign.name,
      sourceType: 'SOCIAL',
      momentsCount: 1,
    });
    await app.db.execute(
      sql`UPDATE sync_states SET updated_at = updated_at + interval '1 second' WHERE workspace_id = ${ws}`,
    );
    const after = (await read('?period=7')).campaigns.find((c) => c.campaignId === campaign.campaignId)!;
    expect(after.verifiedOrders).toBe(campaign.verifiedOrders + 1);
    expect(cents(after.verifiedRevenue)).toBe(cents(campaign.verifiedRevenue) + 12345);
  });

  it('shows no GA4 figure per campaign (null, not 0) until a GA4 campaign report is synced', async () => {
    const [row] = await queryRows(app.db, QueryRow, sql`SELECT workspace_id FROM wh_shops LIMIT 1`);
    await app.db.execute(sql`DELETE FROM wh_ga4_daily_campaigns WHERE workspace_id = ${row!.workspace_id}`);
    const answer = await read('?period=90');
    expect(answer.campaigns.length).toBeGreaterThan(0);
    expect(answer.campaigns.map((c) => centsOrNull(c.ga4ReportedRevenue))).toEqual(
      answer.campaigns.map(() => null),
    );
    // The channel total comes from the source / medium report, which is still there.
    expect(centsOrNull(answer.totals.ga4ReportedRevenue)).not.toBeNull();
  });

  it("never shows one workspace's campaigns to another", async () => {
    const outsider = await app.signIn('outsider@example.com', 'Otto');
    const answer = await read('?period=90', outsider);
    expect(answer).toMatchObject({ connected: false, hasData: false, campaigns: [] });
  });
});
