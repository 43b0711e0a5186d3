import { afterAll, expect, it } from 'vitest';
import { type EcbEmulator, startEcbEmulator } from '../../src/demo/emulators/ecb/app.ts';
import { addDays } from '../../src/shared/calendar.ts';
import {
  AllStoresDashboardSchema,
  AllStoresProductsSchema,
  AllStoresProfitSchema,
} from '../../src/shared/contracts/all-stores.ts';
import { StoreListSchema } from '../../src/shared/contracts/stores.ts';
import { localToday, presetRange, shopToday } from '../../src/web/components/date-range.ts';
import { formatMoney } from '../../src/web/lib/money.ts';
import { useAppInBrowser } from '../support/app-in-browser.ts';
import { describeInBrowser, saveScreenshot, visit } from '../support/browser.ts';
import { createOneLineOrder, createSyncedShop } from '../support/factories.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';
import { startTestApp } from '../support/start-app.ts';

const POLL = { timeout: 30_000 };

/**
 * The All-stores views in Chromium (issue #17 item 1): a USD and a EUR store, rates from the ECB
 * emulator over real HTTP. Chosen in the header's switcher, the dashboard, profit and products pages
 * show the API's sums in the reporting currency, with the source of every rate used; the profit
 * view has the shared range picker and the cost coverage; when the owner changes the reporting
 * currency, the figures follow. The sums themselves are checked to the cent in all-stores.test.ts.
 */
describeInBrowser('All stores', () => {
  let ecb: (EcbEmulator & { baseUrl: string }) | undefined;
  const setup = useAppInBrowser(async () => {
    ecb = await startEcbEmulator({ firstDay: addDays(localToday(), -120) });
    return startTestApp({ UPSTREAM_ECB_URL: ecb.baseUrl });
  });
  afterAll(async () => {
    await ecb?.close();
  });

  it('sums the stores on the dashboard, profit and products pages, in the currency the owner picks', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInByCookie(page, app.baseUrl, 'all-stores@example.com', 'Alma');
    const api = (path: string, method = 'GET', body?: unknown) =>
      page.evaluate(
        async ({ path, method, body }) => {
          const response = await fetch(path, {
            method,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: response.status, json: (await response.json()) as unknown };
        },
        { path, method, body },
      );
    expect((await api('/api/stores', 'POST', { name: 'Berlin shop' })).status).toBe(201);
    const stores = StoreListSchema.parse((await api('/api/stores')).json).stores;
    const [usd, eur] = [stores[0]!.id, stores.find((s) => s.name === 'Berlin shop')!.id];

    // Two shops with a few orders each in the last days, each in its own currency.
    const today = localToday();
    let orderId = 1;
    for (const [store, currency, zone] of [
      [usd, 'USD', 'America/New_York'],
      [eur, 'EUR', 'Europe/Berlin'],
    ] as const) {
      await createSyncedShop(app.db, { workspaceId: store, currency, timeZone: zone });
      for (const [daysAgo, minor] of [
        [6, 12_000],
        [4, 4_550],
      ] as const) {
        const day = addDays(today, -daysAgo);
        await createOneLineOrder(app.db, { workspaceId: store, orderId, day, minor, currency });
        orderId += 1;
      }
    }
    expect((await api('/api/exchange-rates/fetch', 'POST')).status).toBe(200);

    // Loaded afresh: the stores and orders were made behind the SPA's back.
    await page.goto(`${app.baseUrl}/dashboard`);
    await page.getByTestId('store-switcher').click();
    await page.getByRole('option', { name: 'All stores' }).click();
    await expect.poll(() => page.getByTestId('all-stores-dashboard').count(), POLL).toBe(1);

    const dashboard = async () =>
      AllStoresDashboardSchema.parse((await api('/api/all-stores/dashboard?periodDays=30')).json);
    const revenueShown = page.getByTestId('all-stores-kpi').first().getByTestId('kpi-value');
    let expected = await dashboard();
    expect(expected.reportingCurrency).toBe('USD');
    expect(expected.stores.every((s) => s.included)).toBe(true);
    await expect
      .poll(() => revenueShown.textContent(), POLL)
      .toBe(formatMoney(expected.kpis!.revenue.current, 'USD'));
    // The EUR store's days were converted at the ECB's USD rates, and the page says so, day by day.
    const rateRows = page.getByTestId('rate-used');
    await expect.poll(() => rateRows.count(), POLL).toBe(expected.rates.length);
    expect(expected.rates.length).toBeGreaterThan(0);
    const ratesShown = async (rates: typeof expected.rates) => {
      const texts = await rateRows.allTextContents();
      expect(texts).toHaveLength(rates.length);
      for (const [i, rate] of rates.entries()) {
        expect(texts[i]).toContain(rate.rate);
        expect(texts[i]).toMatch(new RegExp(`^${rate.currency}.*ECB$`));
      }
    };
    await ratesShown(expected.rates);
    await saveScreenshot(page, 'all-stores-dashboard');

    // Profit, loaded afresh (the store selection follows the owner across a load): the shared range
    // picker, the P&L of both stores and the cost coverage of their units.
    await page.goto(`${app.baseUrl}/profit`);
    await expect.poll(() => page.getByTestId('all-stores-profit').count(), POLL).toBe(1);
    await expect(
      page.getByTestId('all-stores-profit').getByTestId('date-range-picker').count(),
    ).resolves.toBe(1);
    // The presets count in the active store's days (the USD shop's, New York).
    const { from, to } = presetRange('last30', shopToday('America/New_York'));
    const profit = AllStoresProfitSchema.parse(
      (await api(`/api/all-stores/profit?from=${from}&to=${to}`)).json,
    );
    await expect
      .poll(() => page.getByTestId('statement-netSales').locator('td').nth(1).textContent(), POLL)
      .toBe(formatMoney(profit.totals.netSales, profit.currency));
    await expect(page.getByTestId('cost-coverage-detail').textContent()).resolves.toContain(
      `0 of ${profit.coverage.unitsSold} units sold have a known cost`,
    );

    // Products: one table of both stores' products.
    await visit(page, app.baseUrl, '/products');
    await expect.poll(() => page.getByTestId('all-stores-product-table').count(), POLL).toBe(1);
    const products = AllStoresProductsSchema.parse((await api('/api/all-stores/products?period=30')).json);
    expect(new Set(products.products.map((p) => p.storeId))).toEqual(new Set([usd, eur]));
    const table = page.getByTestId('all-stores-product-table');
    await expect.poll(() => table.locator('tbody tr').count(), POLL).toBe(products.products.length);
    const shown = await table.textContent();
    for (const product of products.products) expect(shown).toContain(formatMoney(product.revenue, 'USD'));

    // The owner sums in EUR instead: the dashboard's figures are converted the other way.
    await visit(page, app.baseUrl, '/dashboard');
    await expect.poll(() => revenueShown.count(), POLL).toBe(1);
    await page.getByLabel('Reporting currency').fill('EUR');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect.poll(async () => (await dashboard()).reportingCurrency, POLL).toBe('EUR');
    expected = await dashboard();
    await expect
      .poll(() => revenueShown.textContent(), POLL)
      .toBe(formatMoney(expected.kpis!.revenue.current, 'EUR'));
    await expect.poll(() => rateRows.count(), POLL).toBe(expected.rates.length);
    await ratesShown(expected.rates);
  }, 240_000);
});
