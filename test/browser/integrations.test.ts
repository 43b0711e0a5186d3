import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_SECRETS } from '../../src/demo/credentials.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { useAppInBrowser } from '../support/app-in-browser.ts';
import { describeInBrowser, saveScreenshot, settle, visit } from '../support/browser.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';
import { startDemoTestApp } from '../support/start-demo-app.ts';

const POLL = { timeout: 30_000 };

/**
 * The spending widget shows the warehouse's spend of last month (issue #36: one figure everywhere),
 * as `/api/meta/spending/last-month` answers it: its total and campaigns, or "No spending data
 * available" when the month holds none (the demo's data end on its fixed last day).
 */
async function expectSpendingAsTheApi(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const answer = await page.evaluate(async () => (await fetch('/api/meta/spending/last-month')).status);
      return answer;
    }, POLL)
    .toBe(200);
  const api = (await page.evaluate(async () => (await fetch('/api/meta/spending/last-month')).json())) as {
    totalSpending: string;
    campaignCount: number;
  };
  if (Number(api.totalSpending) === 0 && api.campaignCount === 0) {
    await expect.poll(() => page.getByText('No spending data available').count(), POLL).toBe(1);
    expect(await page.getByTestId('spending-total').count()).toBe(0);
  } else {
    await expect.poll(() => page.getByTestId('spending-total').count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('Data from Meta Marketing API').count(), POLL).toBe(1);
  }
}

/**
 * A store owner in demo mode connects Shopify, GA4 and Meta through the prefilled forms, looks up
 * an order three ways, sees the GA dashboard and Meta spending, then removes Shopify.
 */
describeInBrowser('integrations in Chromium (demo mode)', () => {
  const ui = useAppInBrowser(() => startDemoTestApp());

  it('connects the three demo sources through the forms', async () => {
    const { page } = ui.browser;
    await signInByCookie(page, ui.app.baseUrl, 'shopkeeper@example.com', 'Sam', '/profile');
    await settle(page);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Profile & Integrations' }).count(), POLL)
      .toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Connect demo store' }).count(), POLL).toBe(1);

    // Shopify: the form is prefilled with the demo shop and token.
    await expect
      .poll(() => page.locator('#shopify-shop-domain').inputValue(), POLL)
      .toContain('myshopify.com');
    await page.getByRole('button', { name: 'Store Credentials Securely' }).click();
    await expect.poll(() => page.getByTestId('shopify-domain').count(), POLL).toBe(1);
    await expect
      .poll(
        () => page.getByTestId('status-card-Shopify').getByText('Connected', { exact: true }).count(),
        POLL,
      )
      .toBe(1);

    // GA4
    await page.getByRole('tab', { name: 'GA4' }).click();
    await expect.poll(() => page.locator('#ga-property-id').inputValue(), POLL).not.toBe('');
    await page.getByRole('button', { name: 'Store Credentials' }).click();
    await expect.poll(() => page.getByTestId('ga-live-preview').count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('Live Data Preview (Last 30 Days)').count(), POLL).toBe(1);

    // Meta
    await page.getByRole('tab', { name: 'Meta' }).click();
    await expect.poll(() => page.locator('#meta-setup-account').inputValue(), POLL).toMatch(/^act_/);
    await page.getByRole('button', { name: 'Connect Meta Marketing API' }).click();
    await expectSpendingAsTheApi(page);
    // No secret in localStorage: only the ad account id.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toMatch(/EAA/);
    expect(stored).toContain('act_');
    await page.getByRole('button', { name: 'Test Available Meta Data' }).click();
    await expect.poll(() => page.getByTestId('meta-data-result').count(), POLL).toBe(1);
    await saveScreenshot(page, 'integrations-profile-connected');
  });

  it('looks up an order by #1001, 1001 and its name', async () => {
    const { page } = ui.browser;
    await visit(page, ui.app.baseUrl, '/orders');
    const search = async (value: string) => {
      await page.getByLabel('Order Name/Number').fill(value);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => page.getByTestId('order-number').count(), POLL).toBe(1);
      return page.getByTestId('order-number').textContent();
    };
    expect(await search('#1001')).toBe('1001');
    const name = (await page.getByTestId('order-name-heading').textContent()) ?? '';
    expect(await search('1001')).toBe('1001');
    expect(await search(name)).toBe('1001');
    await saveScreenshot(page, 'integrations-order-lookup');
    await page.getByLabel('Order Name/Number').fill('#99999999');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByText('Order Not Found').count(), POLL).toBe(1);
  });

  it('shows the GA dashboard and the Shopify and Meta tabs', async () => {
    const { page } = ui.browser;
    await visit(page, ui.app.baseUrl, '/analytics');
    // Before the first sync the Shopify tab says so instead of showing figures.
    await page.getByRole('tab', { name: 'Shopify Analytics' }).click();
    await expect.poll(() => page.getByTestId('shopify-no-orders').count(), POLL).toBe(1);
    // What the worker does in the background after a connection (tests drive it themselves).
    await runJobsUntilIdle(ui.app.server.deps);
    await page.reload();
    await expect.poll(() => page.getByTestId('ga-dashboard').count(), POLL).toBe(1);
    await expect
      .poll(() => page.getByTestId('ga-traffic-sources').locator('svg').count(), POLL)
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'integrations-analytics-ga');
    await page.getByRole('tab', { name: 'Meta Analytics' }).click();
    await expect.poll(() => page.getByTestId('meta-spend').count(), POLL).toBe(1);
    await page.getByRole('tab', { name: 'Shopify Analytics' }).click();
    await expect.poll(() => page.getByTestId('shopify-revenue').count(), POLL).toBe(1);
    await saveScreenshot(page, 'integrations-analytics-shopify');
  }, 300_000); // the syncs and the first analysis take most of a minute on a loaded machine

  it('removes the Shopify credentials', async () => {
    const { page } = ui.browser;
    await visit(page, ui.app.baseUrl, '/profile');
    await page.getByRole('button', { name: 'Remove Credentials' }).click();
    await expect
      .poll(() => page.getByText('Shopify credentials have been securely removed').count(), POLL)
      .toBe(1);
    await expect
      .poll(
        () => page.getByTestId('status-card-Shopify').getByText('Not Connected', { exact: true }).count(),
        POLL,
      )
      .toBe(1);
    await saveScreenshot(page, 'integrations-shopify-removed');
  });

  it('shows Permissions Needed for a token without ads_read, then fixes it with Update Token', async () => {
    const { page } = ui.browser;
    await page.request.post(`${ui.app.baseUrl}/api/logout`, { maxRedirects: 0 });
    await signInByCookie(page, ui.app.baseUrl, 'noads@example.com', 'Nora', '/profile');
    await settle(page);
    await page.getByRole('tab', { name: 'Meta' }).click();
    await expect.poll(() => page.locator('#meta-setup-token').inputValue(), POLL).not.toBe('');
    await page.locator('#meta-setup-token').fill(DEMO_SECRETS.meta.accessTokenWithoutAdsRead);
    await page.getByRole('button', { name: 'Connect Meta Marketing API' }).click();
    await expect.poll(() => page.getByText('Connection Failed', { exact: true }).count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('Permissions Needed').count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('Permission ads_read missing').count(), POLL).toBe(1);
    // The status box and the card say the same (issue #20: never "granted" above "missing").
    expect(await page.getByText('ads_read permission granted').count()).toBe(0);
    await saveScreenshot(page, 'integrations-meta-permissions-needed');
    await page.getByRole('button', { name: 'Update Token' }).click();
    await expect.poll(() => page.getByText('Token Updated Successfully').count(), POLL).toBe(1);
    await expectSpendingAsTheApi(page);
  });

  it('fetches GA data with the dashboard form while GA4 is not connected', async () => {
    const { page } = ui.browser;
    await visit(page, ui.app.baseUrl, '/analytics');
    await expect.poll(() => page.getByTestId('badge-GA4').textContent(), POLL).toBe('GA4: Not Connected');
    await expect.poll(() => page.locator('#dash-ga-property').inputValue(), POLL).not.toBe('');
    await page.getByRole('button', { name: 'Fetch Real Google Analytics Data' }).click();
    await expect.poll(() => page.getByText('Data Loaded', { exact: true }).count(), POLL).toBe(1);
    await expect.poll(() => page.getByTestId('ga-fetched').count(), POLL).toBe(1);
    await expect.poll(() => page.getByText(/per session/).count(), POLL).toBe(1);
    expect(await page.getByText(/^(Good|Average)$/).count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'integrations-analytics-ga-form');
  });

  it('connects everything from the home screen with Connect demo store', async () => {
    const { page } = ui.browser;
    await page.request.post(`${ui.app.baseUrl}/api/logout`, { maxRedirects: 0 });
    await signInByCookie(page, ui.app.baseUrl, 'oneclick@example.com', 'Omar');
    await page.getByRole('button', { name: 'Connect demo store' }).click();
    await expect.poll(() => page.getByText('Demo Store Connected').count(), POLL).toBe(1);
    await visit(page, ui.app.baseUrl, '/profile');
    await expect.poll(() => page.getByText('Not Connected', { exact: true }).count(), POLL).toBe(0);
    await expect
      .poll(() => page.getByText('Connected', { exact: true }).count(), POLL)
      .toBeGreaterThanOrEqual(3);
  });
});
