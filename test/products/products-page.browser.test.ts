import { expect, it } from 'vitest';
import { toDayNumber } from '../../src/core/dates/to-day-number.ts';
import type { DemoStore } from '../../src/demo/model.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import {
  signInAsDemoOwner,
  signInWithoutStore,
  useConnectedDemoInBrowser,
} from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 30_000 };
const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);

/** Line revenue (minor) per product title over the last 30 days of the generated store. */
function revenueByTitle(store: DemoStore): Map<string, number> {
  const from = toDayNumber(store.config.endDate) - 29;
  const out = new Map<string, number>();
  for (let i = 0; i < store.orders.count; i += 1) {
    const o = store.getOrder(i);
    if (o.test || o.cancelledAtMs !== null || toDayNumber(o.day) < from) continue;
    for (const line of o.lineItems) {
      const title = store.products[store.variants[line.variantIndex]!.productIndex]!.title;
      out.set(title, (out.get(title) ?? 0) + line.unitPriceMinor * line.quantity - line.discountMinor);
    }
  }
  return out;
}

/**
 * Product Analysis in Chromium on the demo store: before connecting it says what to do; after
 * connect → sync → analysis the KPIs and the table carry the store's own revenue, the planted
 * out-of-stock product shows its state, loss and ad spend, search and sorting work, and its detail
 * panel draws the daily units with the out-of-stock days.
 */
describeInBrowser('the Product Analysis page on the demo store', () => {
  const setup = useConnectedDemoInBrowser();

  it('shows sales, velocity, stock and losses per product traced to the store', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    const store = app.demo.store;
    const revenue = revenueByTitle(store);
    await signInWithoutStore(page, app.baseUrl, '/products');
    await expect.poll(() => page.getByTestId('products-empty').count(), POLL).toBe(1);
    await expect(page.getByTestId('products-empty').textContent()).resolves.toContain(
      'Shopify is not connected',
    );

    await signInAsDemoOwner(page, app, '/products');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Product Analysis', exact: true }).count(), POLL)
      .toBe(1);
    const total = [...revenue.values()].reduce((s, v) => s + v, 0);
    await expect.poll(() => page.getByTestId('total-revenue').textContent(), POLL).toContain(usd(total));
    const rows = page.getByTestId('product-row');
    await expect.poll(() => rows.count(), POLL).toBe(store.products.length);
    // Highest revenue first, with the store's own figure.
    const [topTitle, topRevenue] = [...revenue].sort((a, b) => b[1] - a[1])[0]!;
    await expect(rows.first().textContent()).resolves.toContain(topTitle);
    await expect(rows.first().textContent()).resolves.toContain(usd(topRevenue));

    // The planted out-of-stock product: its state, a loss and the ad spend landing on it.
    const ongoing = store.groundTruth.stockouts.find((s) => s.endDate === null)!;
    const oven = rows.filter({ hasText: ongoing.productTitle });
    const ovenText = (await oven.textContent()) ?? '';
    expect(ovenText).toContain('Out of stock');
    expect(ovenText.match(/\$[\d,]+\.\d\d/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('stock-alerts').textContent()).resolves.toMatch(/[1-9]\d* out/);
    await expect(page.getByTestId('lost-revenue').textContent()).resolves.not.toContain('$0.00');
    await saveScreenshot(page, 'products-page');

    // Search narrows the table; sorting by product name puts them in alphabetical order.
    await page.getByTestId('product-search').fill('mug');
    await expect
      .poll(() => rows.count(), POLL)
      .toBe(store.products.filter((p) => /mug/i.test(p.title)).length);
    await page.getByTestId('product-search').fill('');
    await page.getByTestId('sort-title').click();
    const titles = await rows.evaluateAll((list) =>
      list.map((row) => row.querySelector('button')?.textContent ?? ''),
    );
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(titles).toHaveLength(store.products.length);

    // Its detail panel: the daily units with the out-of-stock days at the end, and its variants.
    await oven.getByRole('button', { name: ongoing.productTitle }).click();
    const detail = page.getByTestId('product-detail');
    await expect.poll(() => detail.locator('.recharts-bar-rectangle').count(), POLL).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('out-of-stock-note').textContent(), POLL)
      .toMatch(/out of stock \(\d+ days/);
    const variants = store.products.find((p) => p.title === ongoing.productTitle)!.variantIndexes.length;
    await expect(detail.getByTestId('variant-row').count()).resolves.toBe(variants);
    await expect(detail.getByTestId('product-ads').textContent()).resolves.toContain(
      'while the product is out of stock',
    );
    await saveScreenshot(page, 'products-page-detail');
  }, 400_000);
});
