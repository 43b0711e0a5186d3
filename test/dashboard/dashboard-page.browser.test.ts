import { expect, it } from 'vitest';
import { describeInBrowser, saveScreenshot, visit } from '../support/browser.ts';
import {
  signInAsDemoOwner,
  signInWithoutStore,
  useConnectedDemoInBrowser,
} from '../support/demo-store-in-browser.ts';
import { addDays, expectedFigures, lastOrderDay } from './store-figures.ts';

const POLL = { timeout: 30_000 };
const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);

/**
 * The Dashboard in Chromium on the demo store: a new user sees the "no store data" state; the owner
 * of the connected demo store (synced and analysed) sees KPI cards that show the store's own figures
 * (computed here from the generated store) for 30 and then 7 days, beside the forecast chart with
 * its backtest, the top products and the channels.
 */
describeInBrowser('the Dashboard page on the demo store', () => {
  const setup = useConnectedDemoInBrowser();

  it('shows the empty state, then the KPIs, forecast, products and channels of the store', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    const store = app.demo.store;
    await signInWithoutStore(page, app.baseUrl);
    await visit(page, app.baseUrl, '/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dashboard', exact: true }).count(), POLL)
      .toBe(1);
    await expect.poll(() => page.getByTestId('no-store-data').count(), POLL).toBe(1);
    await saveScreenshot(page, 'dashboard-empty');

    await signInAsDemoOwner(page, app);
    await visit(page, app.baseUrl, '/dashboard');
    const end = lastOrderDay(store);
    const month = expectedFigures(store, addDays(end, -29), end);
    const revenue = page.getByTestId('kpi-revenue').getByTestId('kpi-value');
    await expect.poll(() => revenue.textContent(), POLL).toBe(usd(month.gross - month.refunds));
    await expect(page.getByTestId('kpi-orders').getByTestId('kpi-value').textContent()).resolves.toBe(
      month.orders.toLocaleString('en-US'),
    );
    await expect(page.getByTestId('kpi-ad-spend').getByTestId('kpi-value').textContent()).resolves.toBe(
      usd(month.adSpend),
    );
    await expect(page.getByTestId('kpi-roas').getByTestId('kpi-value').textContent()).resolves.toBe(
      `${((month.gross - month.refunds) / month.adSpend).toFixed(2)}x`,
    );
    await expect(page.getByTestId('kpi-new-customers').getByTestId('kpi-value').textContent()).resolves.toBe(
      month.newCustomers.toLocaleString('en-US'),
    );
    await expect(page.getByTestId('revenue-rule').textContent()).resolves.toMatch(/minus refunds/);
    await expect(page.getByTestId('last-updated').textContent()).resolves.toMatch(/Last updated/);

    // Forecast: the actual and forecast lines, both interval bands, and the backtest beside baselines.
    await expect
      .poll(() => page.locator('[data-testid="forecast-chart"] .recharts-line').count(), POLL)
      .toBe(2);
    await expect(page.locator('[data-testid="forecast-chart"] .recharts-area').count()).resolves.toBe(2);
    await expect(page.getByTestId('forecast-accuracy').textContent()).resolves.toMatch(
      /Backtested accuracy \d+\.\d% .*seasonal naive \d+\.\d%/,
    );

    // Top products: the store's best seller of the period comes first.
    const [bestId] = [...month.productSales].sort((a, b) => b[1] - a[1])[0]!;
    const best = store.products.find((p) => p.legacyId === bestId)!;
    await expect(page.locator('[data-testid="top-products"] li').count()).resolves.toBe(5);
    await expect(page.locator('[data-testid="top-products"] li').first().textContent()).resolves.toContain(
      best.title,
    );
    await expect(page.getByTestId('top-channels').textContent()).resolves.toContain('Meta ads');
    await saveScreenshot(page, 'dashboard-30-days');

    // Seven days: the figures follow the range picker, and the range lands in the address.
    await page.getByTestId('date-range-preset').click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    const week = expectedFigures(store, addDays(end, -6), end);
    await expect.poll(() => revenue.textContent(), POLL).toBe(usd(week.gross - week.refunds));
    await expect(page.getByTestId('kpi-orders').getByTestId('kpi-value').textContent()).resolves.toBe(
      week.orders.toLocaleString('en-US'),
    );
    await expect.poll(() => new URL(page.url()).searchParams.get('range'), POLL).toBe('last7');
    // The KPI titles say what is in them, on hover and on keyboard focus.
    await expect(
      page.getByTestId('kpi-refunds').locator('[data-definition]').getAttribute('data-definition'),
    ).resolves.toMatch(/refunded shipping and tax/);

    // The range follows the owner to another page (its address gets it too), across a page load …
    await page.goto(`${app.baseUrl}/campaigns`);
    await expect.poll(() => new URL(page.url()).searchParams.get('range'), POLL).toBe('last7');
    await expect
      .poll(() => page.getByTestId('campaign-range').textContent(), POLL)
      .toContain(`${addDays(end, -6)} to ${end}`);
    // … and a shared address shows exactly its days, with the comparison it names.
    const from = addDays(end, -13);
    const to = addDays(end, -7);
    await page.goto(`${app.baseUrl}/dashboard?range=custom&from=${from}&to=${to}&compare=previous_year`);
    await expect
      .poll(() => page.getByTestId('range-window').textContent(), POLL)
      .toContain(`${from} to ${to}`);
    const shared = expectedFigures(store, from, to);
    await expect.poll(() => revenue.textContent(), POLL).toBe(usd(shared.gross - shared.refunds));
    await expect(page.getByTestId('range-window').textContent()).resolves.toContain(
      `compared with ${addDays(from, -364)} to ${addDays(to, -364)}`,
    );
    await page.setViewportSize({ width: 420, height: 900 });
    await saveScreenshot(page, 'dashboard-7-days-narrow');
  }, 400_000);
});
