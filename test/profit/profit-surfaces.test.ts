import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DemoOrder } from '../../src/demo/model.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { type CampaignPerformance, CampaignPerformanceSchema } from '../../src/shared/contracts/campaigns.ts';
import { type Opportunity, OpportunityListSchema } from '../../src/shared/contracts/opportunities.ts';
import {
  OrderLookupResponseSchema,
  type OrderLookupResultOrder,
} from '../../src/shared/contracts/shopify.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { compareByProfitImpact } from '../../src/shared/opportunity-order.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';
import { plantedOrderProfit, plantedWindow } from './order-profit-truth.ts';

/**
 * Profit where decisions are made (issue #13 item 3) over the real path: the owner connects the
 * demo store, the syncs fill the warehouse through the emulators, and each surface's figures are
 * checked against what the generator planted (the shipping cost against decision 010's fallback
 * when the warehouse lacks a profile row or a variant weight).
 */
let app: DemoTestApp;
let owner: string;

const minor = (amount: string) => parseDecimalToMinor(amount, 2);

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(13));
}, 300_000);

afterAll(async () => {
  await app?.close();
});

/** The newest generated sale order matching `wanted`. */
function findOrder(wanted: (order: DemoOrder) => boolean): DemoOrder {
  const { store } = app.demo;
  for (let i = store.orders.count - 1; i >= 0; i -= 1) {
    const order = store.getOrder(i);
    if (!order.test && order.cancelledAtMs === null && wanted(order)) return order;
  }
  throw new Error('the demo store has no such order');
}

async function lookup(name: string): Promise<OrderLookupResultOrder> {
  const response = await app.request(`/api/shopify/order/${encodeURIComponent(name)}`, { cookie: owner });
  expect(response.status).toBe(200);
  const body = OrderLookupResponseSchema.parse(await response.json());
  expect(body.found).toBe(true);
  return body.order!;
}

const WarehouseFactRow = z.object({
  transactions: z.number(),
  refund_lines: z.number(),
  unweighed: z.number(),
  profile: z.number(),
});

/** Which of an order's facts the warehouse carries (the sync may not store all of them yet). */
async function warehouseFacts(orderId: number) {
  const [row] = await queryRows(
    app.server.deps.db,
    WarehouseFactRow,
    sql`SELECT
          (SELECT count(*)::int FROM wh_order_transactions WHERE order_id = ${orderId}) AS transactions,
          (SELECT count(*)::int FROM wh_refund_line_items WHERE order_id = ${orderId}) AS refund_lines,
          (SELECT count(*)::int FROM wh_order_line_items li
            LEFT JOIN wh_variants v ON v.workspace_id = li.workspace_id AND v.variant_id = li.variant_id
            WHERE li.order_id = ${orderId} AND v.weight_grams IS NULL) AS unweighed,
          (SELECT count(*)::int FROM wh_order_shipping_costs WHERE order_id = ${orderId}) AS profile`,
  );
  return row!;
}

describe('order lookup', () => {
  it.each([
    [
      'an order with a discount and no refund',
      (o: DemoOrder) => o.discountMinor > 0 && o.refunds.length === 0,
    ],
    ['a refunded order', (o: DemoOrder) => o.refunds.length > 0 && o.refunds.some((r) => r.lines.length > 0)],
  ])('shows the profit of %s, equal to what the generator planted', async (_, wanted) => {
    const planted = findOrder(wanted);
    const truth = plantedOrderProfit(app.demo.store, planted);
    const order = await lookup(planted.name);
    const profit = order.profit!;
    expect(order.profit_unavailable).toBeNull();
    const facts = await warehouseFacts(order.id);

    // The sync stores transactions and refund lines: fees and returns equal the planted ones.
    expect(facts.transactions).toBeGreaterThan(0);
    expect(facts.refund_lines > 0).toBe(planted.refunds.length > 0);
    // Shopify's net sales (decision 109): products only; shipping charged is its own line.
    expect(minor(profit.net_sales)).toBe(truth.grossSales - truth.discounts - truth.returns);
    expect(minor(profit.shipping_charged)).toBe(truth.shippingCharges);
    expect(minor(profit.cogs)).toBe(truth.saleCogs - truth.restockedCogs);
    expect(minor(profit.payment_fees)).toBe(truth.paymentFees);
    expect(truth.paymentFees).toBeGreaterThan(0);
    if (facts.profile > 0 && facts.unweighed === 0)
      expect(minor(profit.shipping_cost)).toBe(truth.shippingCost);
    if (facts.profile === 0) {
      expect(minor(profit.shipping_cost)).toBe(planted.shippingMinor);
      expect(profit.estimated).toContain('shipping_cost');
    }
    expect(minor(profit.gross_profit)).toBe(minor(profit.net_sales) - minor(profit.cogs));
    expect(minor(profit.contribution_margin)).toBe(
      minor(profit.gross_profit) +
        minor(profit.shipping_charged) -
        minor(profit.shipping_cost) -
        minor(profit.payment_fees),
    );
    // The demo owner's cost history covers every variant: no estimate, full coverage.
    expect(profit.estimated).not.toContain('cogs');
    expect(profit.cost_coverage).toEqual({ units_sold: truth.units, units_with_cost: truth.units, share: 1 });
  });

  it('says why a cancelled order has no profit', async () => {
    const { store } = app.demo;
    let cancelled: DemoOrder | null = null;
    for (let i = store.orders.count - 1; i >= 0 && !cancelled; i -= 1) {
      const order = store.getOrder(i);
      if (!order.test && order.cancelledAtMs !== null) cancelled = order;
    }
    const order = await lookup(cancelled!.name);
    expect(order.profit).toBeNull();
    expect(order.profit_unavailable).toMatch(/cancelled order is not a sale/);
  });
});

describe('campaigns and channels', () => {
  async function campaigns(period: string): Promise<CampaignPerformance> {
    const response = await app.request(`/api/campaigns?period=${period}`, { cookie: owner });
    expect(response.status).toBe(200);
    return CampaignPerformanceSchema.parse(await response.json());
  }

  it.each(['30', '90'])(
    'adds the channels up to the planted contribution, revenue and new customers (%s days)',
    async (period) => {
      const answer = await campaigns(period);
      const planted = plantedWindow(app.demo.store, answer.startDate!, answer.endDate!);
      const sum = (pick: (row: CampaignPerformance['channels'][number]) => number) =>
        answer.channels.reduce((total, row) => total + pick(row), 0);
      expect(sum((row) => minor(row.contribution))).toBe(planted.contribution);
      expect(minor(answer.storeNetRevenue)).toBe(planted.netRevenue);
      // Each new customer's first order is credited to exactly one channel; the generator plants
      // guest checkouts in the window, and none of them is a (new) customer (decision 056).
      expect(planted.guestOrders).toBeGreaterThan(0);
      expect(planted.newCustomers).toBeGreaterThan(0);
      expect(sum((row) => row.newCustomers)).toBe(planted.newCustomers);
      expect(sum((row) => row.customers)).toBeGreaterThanOrEqual(planted.customers);
    },
  );

  it('derives POAS, MER and CAC from the same figures, Meta totals equal to its channel row', async () => {
    const answer = await campaigns('30');
    const meta = answer.channels.find((row) => row.channel === 'meta_ads')!;
    const { totals } = answer;
    expect(minor(totals.spend)).toBeGreaterThan(0);
    expect(meta).toMatchObject({
      spend: totals.spend,
      contribution: totals.contribution,
      customers: totals.customers,
      newCustomers: totals.newCustomers,
      poas: totals.poas,
      cac: totals.cac,
    });
    expect(totals.poas).toBeCloseTo(minor(totals.contribution) / minor(totals.spend), 12);
    expect(totals.poas!).toBeLessThan(totals.roas!);
    expect(minor(totals.newCustomerCac!)).toBe(Math.round(minor(totals.spend) / totals.newCustomers));
    expect(minor(totals.cac!)).toBe(Math.round(minor(totals.spend) / totals.customers));
    // MER divides by every platform's spend (issue #39): Meta's, Google's and TikTok's.
    const adSpendTotalMinor = minor(answer.adSpendTotal);
    expect(adSpendTotalMinor).toBe(answer.adPlatforms.reduce((sum, p) => sum + minor(p.spend), 0));
    expect(adSpendTotalMinor).toBeGreaterThan(minor(totals.spend));
    expect(answer.mer).toBeCloseTo(minor(answer.storeNetRevenue) / adSpendTotalMinor, 12);
    for (const c of answer.campaigns) {
      expect(c.poas === null ? null : c.poas).toBe(
        minor(c.spend) > 0 ? minor(c.contribution) / minor(c.spend) : null,
      );
      expect(c.newCustomers).toBeLessThanOrEqual(c.customers);
    }
    // The google_ads and tiktok_ads channels are charged their platform's spend (the demo's TikTok
    // campaigns drive orders, decision 131); channels without tracked spend have no POAS or CAC,
    // never a cost of zero.
    const platforms = ['google_ads', 'tiktok_ads'];
    expect(answer.channels.some((r) => r.channel === 'tiktok_ads')).toBe(true);
    for (const row of answer.channels.filter((r) => platforms.includes(r.channel)))
      expect(minor(row.spend!), row.channel).toBe(
        minor(answer.adPlatforms.find((p) => p.platform === row.channel)!.spend),
      );
    for (const row of answer.channels.filter(
      (r) => r.channel !== 'meta_ads' && !platforms.includes(r.channel),
    ))
      expect(row).toMatchObject({ spend: null, poas: null, cac: null, newCustomerCac: null });
    expect(answer.profitRule).toMatch(/POAS/);
  });
});

describe('opportunities', () => {
  async function list(query = ''): Promise<Opportunity[]> {
    const response = await app.request(`/api/opportunities${query}`, { cookie: owner });
    expect(response.status).toBe(200);
    return OpportunityListSchema.parse(await response.json());
  }

  it('carry a profit impact beside the revenue impact, sortable by it', async () => {
    const byRevenue = await list();
    expect(byRevenue.length).toBeGreaterThan(0);
    // Campaign actions, bundles and refreshed creatives are priced in contribution by their own
    // detectors (decision 127); every other action's revenue becomes contribution at one store
    // rate, strictly between 0 and 1.
    const selfPriced = new Set([
      'scale_campaign',
      'cut_campaign',
      'ad_spend_out_of_stock',
      'bundle_products',
      'refresh_creative',
    ]);
    // Amounts on the wire are rounded once to the cent (decision 170): with the rate read off the
    // largest impact, each other profit impact is its revenue impact × the rate within 2 cents.
    const cents = (amount: string | null) => parseDecimalToMinor(amount!, 2);
    const priced = byRevenue
      .filter((o) => !selfPriced.has(o.type) && cents(o.revenueImpactMax) > 0)
      .map((o) => ({ revenue: cents(o.revenueImpactMax), profit: cents(o.profitImpactMax) }));
    expect(priced.length).toBeGreaterThan(0);
    const rate = priced[0]!.profit / priced[0]!.revenue;
    for (const o of priced) expect(Math.abs(o.profit - rate * o.revenue)).toBeLessThanOrEqual(2);
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThan(1);
    for (const o of byRevenue) {
      expect(cents(o.profitImpactMin)).toBeLessThanOrEqual(cents(o.profitImpactMax));
      expect(o.losesMoney).toBe(cents(o.profitImpactMax) < 0);
      if (o.losesMoney) {
        expect(o.priority).toBe('low');
        expect(o.description.startsWith(o.profitNote!)).toBe(true);
        expect(o.profitNote).toContain('would lose money');
      }
    }

    const byProfit = await list('?sort=profit');
    expect(byProfit.map((o) => o.id)).toEqual([...byRevenue].sort(compareByProfitImpact).map((o) => o.id));
    expect(byProfit.map((o) => o.id)).not.toEqual(byRevenue.map((o) => o.id));
  });

  it('say how much of the cost behind each profit impact is known', async () => {
    const response = await app.request('/api/campaigns?period=30', { cookie: owner });
    const { channels } = CampaignPerformanceSchema.parse(await response.json());
    // The store's units over the detectors' 30 days: every channel the attribution rule credits.
    const store = {
      unitsSold: channels.reduce((sum, row) => sum + row.unitsSold, 0),
      unitsWithCost: channels.reduce((sum, row) => sum + row.unitsWithCost, 0),
    };
    expect(store.unitsSold).toBeGreaterThan(0);
    const campaignTypes = new Set(['scale_campaign', 'cut_campaign', 'ad_spend_out_of_stock']);
    for (const o of await list()) {
      expect(o.profitCoverage).not.toBeNull();
      const coverage = o.profitCoverage!;
      expect(coverage.unitsWithCost).toBeLessThanOrEqual(coverage.unitsSold);
      expect(coverage.share).toBe(
        coverage.unitsSold > 0 ? coverage.unitsWithCost / coverage.unitsSold : null,
      );
      if (!campaignTypes.has(o.type))
        expect({ unitsSold: coverage.unitsSold, unitsWithCost: coverage.unitsWithCost }).toEqual(store);
    }
  });

  it('refuses an unknown sort naming the field', async () => {
    const response = await app.request('/api/opportunities?sort=margin', { cookie: owner });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/sort/);
  });
});
