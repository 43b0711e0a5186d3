import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDayNumber } from '../../src/core/dates/to-day-number.ts';
import type { DemoStore } from '../../src/demo/model.ts';
import type { ProductDaily, ProductPerformance } from '../../src/shared/contracts/products.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

let app: DemoTestApp;
let owner: string;

/** Units and line revenue (minor) per product id and day straight from the generated store (not the warehouse). */
function salesFrom(store: DemoStore) {
  const byProduct = new Map<string, Map<string, { units: number; revenue: number }>>();
  for (let i = 0; i < store.orders.count; i += 1) {
    const o = store.getOrder(i);
    if (o.test || o.cancelledAtMs !== null) continue;
    for (const line of o.lineItems) {
      const variant = store.variants[line.variantIndex]!;
      const productId = String(store.products[variant.productIndex]!.legacyId);
      const days = byProduct.get(productId) ?? new Map<string, { units: number; revenue: number }>();
      const day = days.get(o.day) ?? { units: 0, revenue: 0 };
      day.units += line.quantity;
      day.revenue += line.unitPriceMinor * line.quantity - line.discountMinor;
      days.set(o.day, day);
      byProduct.set(productId, days);
    }
  }
  return byProduct;
}

/** The demo shop sells in USD: a wire amount in cents. */
const cents = (amount: string) => parseDecimalToMinor(amount, 2);

const read = async (query: string, cookie = owner): Promise<ProductPerformance> => {
  const response = await app.request(`/api/products/performance${query}`, { cookie });
  expect(response.status, query).toBe(200);
  return (await response.json()) as ProductPerformance;
};

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
}, 600_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/products/performance', () => {
  it('refuses a bad period, a bad product id and a missing session', async () => {
    const bad = await app.request('/api/products/performance?period=14', { cookie: owner });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/period/);
    const badId = await app.request('/api/products/abc/daily', { cookie: owner });
    expect(badId.status).toBe(400);
    expect(await badId.text()).toMatch(/productId/);
    expect((await app.request('/api/products/performance')).status).toBe(401);
  });

  it('says nothing is connected before the demo store is', async () => {
    // A newcomer's workspace: no store connected yet.
    const newcomer = await app.signIn('newcomer@example.com', 'Nina');
    expect(await read('', newcomer)).toMatchObject({
      connected: false,
      hasData: false,
      period: 30,
      products: [],
    });
    expect((await app.request('/api/products/1/daily', { cookie: newcomer })).status).toBe(404);
  });

  it('after sync and analysis, matches the store: units, revenue, velocity, trend, stock and losses', async () => {
    const store = app.demo.store;
    const sales = salesFrom(store);
    const lastDay = store.inventory.days - 1;
    for (const period of [7, 30, 90]) {
      const answer = await read(`?period=${period}`);
      expect(answer).toMatchObject({ connected: true, hasData: true, period });
      expect(answer.currency).toEqual({ code: 'USD', digits: 2 });
      expect(answer.endDate).toBe(store.config.endDate);
      expect(toDayNumber(answer.endDate!) - toDayNumber(answer.startDate!) + 1).toBe(period);
      const previousStart = toDayNumber(answer.startDate!) - period;
      expect(answer.products).toHaveLength(store.products.length);
      for (const p of answer.products) {
        let units = 0;
        let revenue = 0;
        let previousUnits = 0;
        for (const [day, s] of sales.get(p.productId) ?? []) {
          if (day >= answer.startDate! && day <= answer.endDate!) {
            units += s.units;
            revenue += s.revenue;
          } else if (toDayNumber(day) >= previousStart && day < answer.startDate!) previousUnits += s.units;
        }
        expect([p.units, cents(p.revenue), p.previousUnits], `${p.title}, ${period} days`).toEqual([
          units,
          revenue,
          previousUnits,
        ]);
        expect(p.velocity).toBeCloseTo(units / period, 10);
        if (previousUnits > 0)
          expect(p.velocityChange).toBeCloseTo((100 * (units - previousUnits)) / previousUnits, 8);
        const product = store.products.find((x) => String(x.legacyId) === p.productId)!;
        const onHand = product.variantIndexes.map((v) => store.inventory.levels[v]![lastDay]!);
        expect(p.available, p.title).toBe(onHand.reduce((s, n) => s + Math.max(0, n), 0));
        expect(p.variants.map((v) => v.available)).toEqual(onHand);
        expect(p.variants.reduce((s, v) => s + v.units, 0)).toBe(p.units);
      }
      expect(answer.totals.units).toBe(answer.products.reduce((s, p) => s + p.units, 0));
      expect(cents(answer.totals.revenue)).toBeGreaterThan(0);
    }
  }, 300_000);

  it('marks the planted out-of-stock product with its loss from the stock-impact snapshot and its ad spend', async () => {
    const answer = await read('?period=30');
    const truth = app.demo.store.groundTruth;
    const ongoing = truth.stockouts.find((s) => s.endDate === null)!;
    const product = answer.products.find(
      (p) => p.productId === String(app.demo.store.products[ongoing.productIndex]!.legacyId),
    )!;
    expect(product.stockState).toBe('Out of stock');
    expect(product.daysOfCover).toBeNull();
    const impact = (await (
      await app.request('/api/analytics/stock-impact', { cookie: owner })
    ).json()) as Array<{
      product: string;
      estimatedLoss: string;
    }>;
    const impactLoss = impact
      .filter((r) => r.product.startsWith(product.title))
      .reduce((s, r) => s + cents(r.estimatedLoss), 0);
    expect(cents(product.lostRevenue)).toBeGreaterThan(0);
    expect(Math.abs(cents(product.lostRevenue) - impactLoss)).toBeLessThanOrEqual(product.variants.length);
    expect(answer.stockAsOf).toBe(app.demo.store.config.endDate);
    // The Meta campaign planted to advertise it: its spend over the period lands on the product.
    const campaign = truth.plantedCampaigns.outOfStockTraffic;
    const spend = app.demo.store.meta.daily
      .filter(
        (row) =>
          app.demo.store.meta.campaigns[row.campaignIndex]!.id === campaign.id &&
          row.day >= answer.startDate! &&
          row.day <= answer.endDate!,
      )
      .reduce((s, row) => s + row.spendMinor, 0);
    expect(spend).toBeGreaterThan(0);
    expect(product.adSpend).not.toBeNull();
    expect(cents(product.adSpend!)).toBe(spend);
    expect(product.adCampaigns).toContain(
      app.demo.store.meta.campaigns.find((c) => c.id === campaign.id)!.name,
    );
    // A variant in stock: days of cover = available / demand.
    const inStock = answer.products
      .flatMap((p) => p.variants)
      .find((v) => v.stockState === 'In stock' && v.daysOfCover !== null)!;
    expect(inStock.daysOfCover).toBeCloseTo(inStock.available! / inStock.dailyDemand!, 8);
  });

  it('rolls each product up to its shortest variant: least cover, worst state (issue #20.5)', async () => {
    const answer = await read('?period=30');
    const rank = ['Out of stock', 'Partly out of stock', 'Low stock', 'In stock', 'Untracked'];
    let multiVariantWithCover = 0;
    for (const product of answer.products) {
      const tracked = product.variants.filter((v) => v.available !== null);
      const covers = tracked
        .filter((v) => v.stockState !== 'Out of stock' && v.daysOfCover !== null)
        .map((v) => v.daysOfCover!);
      expect(product.daysOfCover, product.title).toBe(covers.length > 0 ? Math.min(...covers) : null);
      if (covers.length > 1) multiVariantWithCover += 1;
      const out = tracked.filter((v) => v.stockState === 'Out of stock').length;
      const expected =
        tracked.length === 0
          ? 'Untracked'
          : out === tracked.length
            ? 'Out of stock'
            : out > 0
              ? 'Partly out of stock'
              : tracked.map((v) => v.stockState).sort((a, b) => rank.indexOf(a) - rank.indexOf(b))[0];
      expect(product.stockState, product.title).toBe(expected);
      // Never "In stock" above a variant that is short.
      if (tracked.some((v) => v.stockState !== 'In stock')) expect(product.stockState).not.toBe('In stock');
    }
    expect(multiVariantWithCover).toBeGreaterThan(0);
    expect(answer.totals.outOfStockProducts).toBe(
      answer.products.filter((p) => p.variants.some((v) => v.stockState === 'Out of stock')).length,
    );
    expect(answer.totals.lowStockProducts).toBe(
      answer.products.filter((p) => p.stockState === 'Low stock').length,
    );
  });

  it('serves one product per day, the last days out of stock, and hides it from other workspaces', async () => {
    const answer = await read('?period=30');
    const out = answer.products.find((p) => p.stockState === 'Out of stock')!;
    const response = await app.request(`/api/products/${out.productId}/daily?period=30`, { cookie: owner });
    expect(response.status).toBe(200);
    const daily = (await response.json()) as ProductDaily;
    expect(daily.days).toHaveLength(30);
    expect(daily.days.reduce((s, d) => s + d.units, 0)).toBe(out.units);
    expect(daily.days.reduce((s, d) => s + cents(d.revenue), 0)).toBe(cents(out.revenue));
    expect(daily.days.at(-1)!.outOfStock).toBe(true);
    expect(daily.days[0]!.outOfStock).toBe(false);
    const outsider = await app.signIn('outsider@example.com', 'Otto');
    expect((await app.request(`/api/products/${out.productId}/daily`, { cookie: outsider })).status).toBe(
      404,
    );
  });
});
