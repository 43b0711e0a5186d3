import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderProfit } from '../../src/demo/profit/order-profit.ts';
import { costOnDay } from '../../src/demo/profit/plan.ts';
import { readBasketCounts } from '../../src/server/domain/product-affinity/read-basket-counts.ts';
import { readBasketCountsFromOrders } from '../../src/server/domain/product-affinity/read-basket-counts-from-orders.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { type ProductAffinity, ProductAffinitySchema } from '../../src/shared/contracts/product-affinity.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Products bought together (issue #44, decision 116) over the real path: the demo store synced
 * through the emulators, the endpoint compared with a recomputation straight from the generated
 * store (its orders, refunds, planted cost history and restocking) — not from the warehouse.
 */
let app: DemoTestApp;
let owner: string;
let workspaceId: string;

const minor = (amount: string) => parseDecimalToMinor(amount, 2);

interface TruthOrder {
  customer: number | null;
  day: string;
  /** Contribution per product id. */
  products: Map<string, number>;
}

/** The store's sale orders up to `to`, each product's line contribution as decision 116 defines it. */
function truthOrders(to: string): TruthOrder[] {
  const store = app.demo.store;
  const orders: TruthOrder[] = [];
  for (let i = 0; i < store.orders.count; i += 1) {
    const o = store.getOrder(i);
    if (o.test || o.cancelledAtMs !== null || o.day > to) continue;
    const facts = orderProfit(store.profit, o);
    const products = new Map<string, number>();
    o.lineItems.forEach((line, k) => {
      const variant = store.variants[line.variantIndex]!;
      const id = String(store.products[variant.productIndex]!.legacyId);
      const cost = costOnDay(store.profit, line.variantIndex, o.day);
      let value = line.unitPriceMinor * line.quantity - line.discountMinor - cost * line.quantity;
      o.refunds.forEach((refund, r) => {
        refund.lines.forEach((rl, j) => {
          if (rl.lineItemIndex !== k) return;
          value -= rl.subtotalMinor;
          if (facts.restocked[r]![j]) value += cost * rl.quantity;
        });
      });
      products.set(id, (products.get(id) ?? 0) + value);
    });
    orders.push({ customer: o.customerIndex, day: o.day, products });
  }
  return orders;
}

/** Basket counts with their pair lists in one order, for comparing two reads. */
function comparable(counts: Awaited<ReturnType<typeof readBasketCounts>>) {
  const sorted = (pairs: { a: string; b: string }[]) =>
    [...pairs].sort((x, y) => `${x.a}|${x.b}`.localeCompare(`${y.a}|${y.b}`));
  return {
    ...counts,
    together: { ...counts.together, pairs: sorted(counts.together.pairs) },
    nextOrder: { ...counts.nextOrder, pairs: sorted(counts.nextOrder.pairs) },
  };
}

async function affinity(query: string): Promise<ProductAffinity> {
  const response = await app.request(`/api/products/affinity?${query}`, { cookie: owner });
  expect(response.status, await response.clone().text()).toBe(200);
  return ProductAffinitySchema.parse(await response.json());
}

beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp());
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/products/affinity', () => {
  it('answers the pairs bought together as the generated store has them, by lift', async () => {
    const to = app.demo.store.config.endDate;
    const from = addDays(to, -364);
    const answer = await affinity(`from=${from}&to=${to}`);
    expect(answer).toMatchObject({ from, to, currency: 'USD' });
    const inWindow = truthOrders(to).filter((o) => o.day >= from);
    const withProduct = new Map<string, number>();
    const together = new Map<string, { orders: number; contribution: number }>();
    for (const order of inWindow) {
      const ids = [...order.products.keys()].sort();
      for (const id of ids) withProduct.set(id, (withProduct.get(id) ?? 0) + 1);
      for (let i = 0; i < ids.length; i += 1) {
        for (let j = i + 1; j < ids.length; j += 1) {
          const key = `${ids[i]}|${ids[j]}`;
          const t = together.get(key) ?? { orders: 0, contribution: 0 };
          t.orders += 1;
          t.contribution += order.products.get(ids[i]!)! + order.products.get(ids[j]!)!;
          together.set(key, t);
        }
      }
    }
    const n = inWindow.length;
    const { minPairOrders, minPairSupport } = answer.thresholds;
    const ranked = [...together.entries()]
      .filter(([, t]) => t.orders >= minPairOrders && t.orders / n >= minPairSupport)
      .map(([key, t]) => {
        const [a, b] = key.split('|') as [string, string];
        return { key, lift: (t.orders * n) / (withProduct.get(a)! * withProduct.get(b)!), ...t };
      })
      .sort((x, y) => y.lift - x.lift || y.orders - x.orders);
    expect(answer.pairs.length).toBe(Math.min(20, ranked.length));
    expect(answer.pairs.length).toBeGreaterThan(0);
    answer.pairs.forEach((pair, k) => {
      const key = [pair.a.productId, pair.b.productId].sort().join('|');
      const truth = together.get(key)!;
      expect(pair.orders).toBe(truth.orders);
      expect(minor(pair.contribution)).toBe(truth.contribution);
      expect(pair.support).toBeCloseTo(truth.orders / n, 12);
      expect(pair.confidence).toBeCloseTo(truth.orders / withProduct.get(pair.a.productId)!, 12);
      expect(pair.lift).toBeCloseTo(ranked[k]!.lift, 9);
      // `a` is the product in fewer orders: a → b is the stronger rule.
      expect(withProduct.get(pair.a.productId)!).toBeLessThanOrEqual(withProduct.get(pair.b.productId)!);
      expect(pair.a.title).not.toMatch(/^Product \d/);
    });
  });

  it('ranks the two planted pairs first and second, lift within ±10 % of the planted lift', async () => {
    const to = app.demo.store.config.endDate;
    const answer = await affinity(`from=${addDays(to, -364)}&to=${to}`);
    const planted = app.demo.store.groundTruth.baskets.pairs;
    expect(planted).toHaveLength(2);
    const key = (a: string, b: string) => [a, b].sort().join('|');
    const top = answer.pairs
      .slice(0, 2)
      .map((p) => ({ key: key(p.a.productId, p.b.productId), lift: p.lift }));
    for (const pair of planted) {
      const found = top.find((p) => p.key === key(String(pair.a.legacyId), String(pair.b.legacyId)));
      expect(found, `${pair.a.title} + ${pair.b.title}`).toBeDefined();
      expect(Math.abs(found!.lift - pair.lift) / pair.lift).toBeLessThanOrEqual(0.1);
    }
  });

  it("answers the first-product table from customers' first orders", async () => {
    const to = app.demo.store.config.endDate;
    const from = addDays(to, -364);
    const answer = await affinity(`from=${from}&to=${to}`);
    const histories = new Map<number, TruthOrder[]>();
    for (const order of truthOrders(to)) {
      if (order.customer === null) continue;
      histories.set(order.customer, [...(histories.get(order.customer) ?? []), order]);
    }
    const truth = new Map<string, { customers: number; repeat: number; eligible: number; sum: number }>();
    for (const history of histories.values()) {
      const first = history[0]!;
      if (first.day < from) continue;
      const eligible = first.day <= addDays(to, -180);
      const sum = history
        .filter((o) => o.day <= addDays(first.day, 180))
        .reduce((s, o) => s + [...o.products.values()].reduce((a, b) => a + b, 0), 0);
      for (const id of first.products.keys()) {
        const t = truth.get(id) ?? { customers: 0, repeat: 0, eligible: 0, sum: 0 };
        t.customers += 1;
        if (history.length > 1) t.repeat += 1;
        if (eligible) {
          t.eligible += 1;
          t.sum += sum;
        }
        truth.set(id, t);
      }
    }
    const expected = [...truth.values()].filter((t) => t.customers >= answer.thresholds.minFirstCustomers);
    expect(answer.firstProduct.length).toBe(expected.length);
    expect(answer.firstProduct.length).toBeGreaterThan(0);
    for (const row of answer.firstProduct) {
      const t = truth.get(row.product.productId)!;
      expect(row.customers).toBe(t.customers);
      expect(row.repeatRate).toBeCloseTo(t.repeat / t.customers, 12);
      expect(row.customers180d).toBe(t.eligible);
      expect(row.contribution180d === null ? null : minor(row.contribution180d)).toBe(
        t.eligible > 0 ? Math.round(t.sum / t.eligible) : null,
      );
    }
  });

  it('counts from the kept per-day rows exactly what the read from the orders counts (decision 149)', async () => {
    const to = app.demo.store.config.endDate;
    // A year, the whole store, a quarter ending 200 days ago, a month: edges on both sides, refunds after `to`.
    const windows = [
      { from: addDays(to, -364), to },
      { from: '2000-01-01', to },
      { from: addDays(to, -290), to: addDays(to, -200) },
      { from: addDays(to, -60), to: addDays(to, -30) },
    ];
    for (const window of windows) {
      const kept = await readBasketCounts(app.db, workspaceId, window);
      const direct = await readBasketCountsFromOrders(app.db, workspaceId, window);
      expect(kept.together.baskets, JSON.stringify(window)).toBeGreaterThan(0);
      expect(comparable(kept), JSON.stringify(window)).toEqual(comparable(direct));
    }
  });

  it('refuses a range that runs backwards or a malformed day, naming the field', async () => {
    const backwards = await app.request('/api/products/affinity?from=2026-05-02&to=2026-05-01', {
      cookie: owner,
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toMatch(/to|from/);
    const malformed = await app.request('/api/products/affinity?from=2026-13-01&to=2026-12-01', {
      cookie: owner,
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain('from');
  });
});
