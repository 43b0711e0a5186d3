import { expect, it } from 'vitest';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import {
  signInAsDemoOwner,
  signInWithoutStore,
  useConnectedDemoInBrowser,
} from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 30_000 };
const money = (value: string, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(value));

/**
 * The AI Insights page in Chromium: the empty state before a store is connected, then, on the demo
 * store after sync and analysis, the revenue, the forecast-band chart and the insight cards, whose
 * figures are the API's (themselves traced to the warehouse by test/insights/insights.test.ts).
 */
describeInBrowser('the AI Insights page on the demo store', () => {
  const setup = useConnectedDemoInBrowser();

  it('shows the empty state, then insights traced to the data', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInWithoutStore(page, app.baseUrl, '/insights');
    await expect.poll(() => page.getByRole('heading', { name: 'AI Insights' }).count(), POLL).toBe(1);
    await expect.poll(() => page.getByTestId('no-store-data').count(), POLL).toBe(1);
    await expect(page.getByText("computed from your data by Upside's models").count()).resolves.toBe(1);
    await saveScreenshot(page, 'insights-empty');

    await signInAsDemoOwner(page, app, '/insights');

    const api = await page.evaluate(async () => (await fetch('/api/insights?period=30')).json());
    expect(api.insights.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('insight-card').count(), POLL).toBe(api.insights.length);
    const narratives = await page.getByTestId('insight-narrative').allTextContents();
    expect(narratives).toEqual(api.insights.map((i: { narrative: string }) => i.narrative));
    await expect(page.getByTestId('stat-revenue').textContent()).resolves.toContain(
      money(api.revenue.current, api.currency),
    );
    await expect(page.getByTestId('insights-period').textContent()).resolves.toContain(api.timeZone);
    await expect
      .poll(() => page.locator('[data-testid="anomaly-chart"] .recharts-area').count(), POLL)
      .toBe(1);
    await expect
      .poll(() => page.locator('[data-testid="anomaly-chart"] .recharts-line').count(), POLL)
      .toBe(2);
    await saveScreenshot(page, 'insights-page');

    // The shared range picker (issue #36) reads the 7-day insights.
    const week = await page.evaluate(async () => (await fetch('/api/insights?period=7')).json());
    await page.getByTestId('date-range-preset').first().click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await expect
      .poll(() => page.getByTestId('stat-revenue').textContent(), POLL)
      .toContain(money(week.revenue.current, week.currency));
    await expect.poll(() => page.getByTestId('insight-card').count(), POLL).toBe(week.insights.length);

    // Each card links to the page that shows more.
    const first = page.getByTestId('insight-card').first();
    const href = week.insights[0]?.link.href;
    if (href) await expect(first.getByRole('link').getAttribute('href')).resolves.toBe(href);
    await page.setViewportSize({ width: 420, height: 900 });
    await saveScreenshot(page, 'insights-page-narrow');
  }, 300_000);
});
