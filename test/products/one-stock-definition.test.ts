import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockImpactRow } from '../../src/shared/contracts/analytics.ts';
import type { Opportunity } from '../../src/shared/contracts/opportunities.ts';
import type { ProductPerformance } from '../../src/shared/contracts/products.ts';
import { formatDaysOfCover } from '../../src/shared/metrics.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Issue #20 (stock): one definition of days of cover and of "low" / "out" on the demo store — the
 * stock list of / (analysis snapshot), /products (live read) and the restock opportunities agree
 * variant by variant, and no product shows "In stock" above a short variant.
 */
let app: DemoTestApp;
let owner: string;

async function get<T>(path: string): Promise<T> {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp());
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('one stock definition on the demo store', () => {
  it('gives every out or low variant the same state and cover on / and /products', async () => {
    const products = await get<ProductPerformance>('/api/products/performance?period=30');
    const stock = await get<StockImpactRow[]>('/api/analytics/stock-impact');
    const variants = new Map(
      products.products.flatMap((p) =>
        p.variants.map((v) => [v.variantId, { product: p, variant: v }] as const),
      ),
    );
    // Every variant /products calls out or low is on /'s list with that state, and back.
    const shortOnProducts = [...variants.values()]
      .filter(({ variant }) => variant.stockState === 'Out of stock' || variant.stockState === 'Low stock')
      .map(({ variant }) => `${variant.variantId} ${variant.stockState}`)
      .sort();
    const shortOnHome = stock
      .filter((r) => r.stockState !== 'In stock')
      .map((r) => `${r.variantId} ${r.stockState}`)
      .sort();
    console.log('short variants', shortOnProducts.length, shortOnHome.length);
    expect(shortOnProducts.length).toBeGreaterThan(0);
    expect(shortOnHome).toEqual(shortOnProducts);
    for (const row of stock) {
      const { variant } = variants.get(row.variantId)!;
      expect(row.available, row.product).toBe(variant.available);
      expect(row.daysOfCover, row.product).toBe(variant.daysOfCover);
      expect(row.status, row.product).toBe(
        row.stockState === 'Out of stock'
          ? 'Out of stock'
          : `${row.stockState} · ${row.daysOfCover === null ? 'ample cover' : `${formatDaysOfCover(row.daysOfCover)} of cover`}`,
      );
    }
    // "N out · M low": products with a variant out, and products whose shortest variant is low.
    const productOf = (variantId: string) => variants.get(variantId)!.product.productId;
    const outProducts = new Set(
      stock.filter((r) => r.stockState === 'Out of stock').map((r) => productOf(r.variantId)),
    );
    const lowProducts = new Set(
      stock
        .filter((r) => r.stockState === 'Low stock' && !outProducts.has(productOf(r.variantId)))
        .map((r) => productOf(r.variantId)),
    );
    expect(products.totals.outOfStockProducts).toBe(outProducts.size);
    expect(products.totals.lowStockProducts).toBe(lowProducts.size);
  });

  it('never shows a product "In stock" with more cover than its shortest variant', async () => {
    const products = await get<ProductPerformance>('/api/products/performance?period=30');
    let shortVariantsInOtherwiseStockedProducts = 0;
    for (const p of products.products) {
      const low = p.variants.filter((v) => v.stockState === 'Low stock');
      if (low.length === 0) continue;
      if (p.variants.some((v) => v.stockState === 'In stock')) shortVariantsInOtherwiseStockedProducts += 1;
      expect(p.stockState, p.title).not.toBe('In stock');
      const least = Math.min(...low.map((v) => v.daysOfCover!));
      expect(p.daysOfCover, p.title).toBe(least);
      expect(p.daysOfCover!, p.title).toBeLessThan(14);
    }
    expect(shortVariantsInOtherwiseStockedProducts).toBeGreaterThan(0);
  });

  it('states the restock opportunity with the cover /products shows, for exactly the low variants', async () => {
    const products = await get<ProductPerformance>('/api/products/performance?period=30');
    const opportunities = await get<Opportunity[]>('/api/opportunities');
    const restock = opportunities.filter((o) => o.type === 'restock_before_stockout');
    const low = products.products.flatMap((p) => p.variants).filter((v) => v.stockState === 'Low stock');
    expect(restock.length).toBeGreaterThan(0);
    for (const o of restock) {
      const cover = Number(o.evidence.facts.find((f) => f.label === 'Days of cover')!.value);
      const variant = low.find((v) => Math.abs((v.daysOfCover ?? Number.NaN) - cover) < 0.051);
      expect(variant, `${o.title}: ${cover} days`).toBeDefined();
      expect(o.description).toContain(`about ${formatDaysOfCover(variant!.daysOfCover!)} of demand`);
    }
  });
});
