import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  launchBrowser,
  saveScreenshot,
  signInInBrowser,
  type TestBrowser,
} from '../support/browser.ts';
import { type DemoTestApp, startDemoTestApp } from '../support/start-demo-app.ts';
import { ensureWebBuild } from '../support/web-build.ts';

const POLL = { timeout: 30_000 };
const FIRST_RESULTS = { timeout: 240_000, interval: 250 };
/** Well under the pages' 30 s poll: the refresh must come from the results existing. */
const REFRESH = { timeout: 8_000, interval: 100 };

/**
 * Connection truth as a store owner sees it in demo mode: the spec's validation messages win over
 * the demo prefill, connecting shows syncing → analysing → ready, / shows the opportunities as soon
 * as the API has them, and a failed connection test turns the badge to "Needs attention".
 */
describeInBrowser('connection truth in Chromium (demo mode)', () => {
  let app: DemoTestApp;
  let browser: TestBrowser;
  let second: TestBrowser;
  beforeAll(async () => {
    await ensureWebBuild();
    app = await startDemoTestApp();
    browser = await launchBrowser();
    second = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await browser?.close();
    await app?.close();
  });

  it('shows the spec message, not the demo credentials, when prefilled fields are cleared', async () => {
    const { page } = browser;
    await signInInBrowser(page, app.baseUrl, 'clearer@example.com', 'Clara');
    await page.goto(`${app.baseUrl}/profile`);
    await expect
      .poll(() => page.locator('#shopify-shop-domain').inputValue(), POLL)
      .toContain('myshopify.com');
    await page.locator('#shopify-access-token').fill('');
    await page.getByRole('button', { name: 'Store Credentials Securely' }).click();
    await expect.poll(() => page.getByText('Missing Information', { exact: true }).count(), POLL).toBe(1);
    expect(await page.locator('#shopify-access-token').inputValue()).toBe('');

    await page.getByRole('tab', { name: 'GA4' }).click();
    await expect.poll(() => page.locator('#ga-property-id').inputValue(), POLL).not.toBe('');
    await page.locator('#ga-property-id').fill('');
    await page.getByRole('button', { name: 'Store Credentials' }).click();
    await expect.poll(() => page.getByText('Missing Property ID', { exact: true }).count(), POLL).toBe(1);
    expect(await page.locator('#ga-property-id').inputValue()).toBe('');

    const status = await page.evaluate(async () => (await fetch('/api/credentials/status')).json());
    expect(status).toMatchObject({ shopify: false, ga4: false });
  });

  it('shows syncing → analysing → ready after "Connect demo store"', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/profile`);
    await page.getByRole('button', { name: 'Connect demo store' }).click();
    await expect.poll(() => page.getByTestId('connect-progress').count(), POLL).toBe(1);
    // Record every phase the progress shows, however briefly.
    await page.evaluate(() => {
      const w = window as unknown as { phases: string[] };
      w.phases = [];
      const note = () => {
        const phase = document.querySelector('[data-testid="connect-progress"]')?.getAttribute('data-phase');
        if (phase && w.phases[w.phases.length - 1] !== phase) w.phases.push(phase);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await expect
      .poll(() => page.getByTestId('connect-progress').getAttribute('data-phase'), FIRST_RESULTS)
      .toBe('ready');
    const phases = await page.evaluate(() => (window as unknown as { phases: string[] }).phases);
    expect(phases.filter((p) => p !== 'idle')).toEqual(['syncing', 'analysing', 'ready']);
    // The freshness panel follows without a reload.
    await expect
      .poll(() => page.getByTestId('freshness-shopify').getByText('Up to date').count(), REFRESH)
      .toBe(1);
    await saveScreenshot(page, 'connection-truth-ready');
  }, 300_000);

  it('turns the badge to "Needs attention" with the reason after a failed connection test', async () => {
    const { page } = browser;
    const card = page.getByTestId('status-card-Google Analytics 4');
    await expect.poll(() => card.getByText('Connected', { exact: true }).count(), POLL).toBe(1);
    app.demo.emulators.ga4.faults.set({ errorRate: 1 });
    try {
      await page.getByRole('tab', { name: 'GA4' }).click();
      await page.getByRole('button', { name: 'Test Connection' }).click();
      await expect.poll(() => card.getByText('Needs attention', { exact: true }).count(), POLL).toBe(1);
    } finally {
      app.demo.emulators.ga4.faults.reset();
    }
    expect(await card.getByText('Connected', { exact: true }).count()).toBe(0);
    expect(await card.getByText(/^The last connection test failed: /).count()).toBe(1);
    expect(await card.getByText(/GA4 tab/).count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('freshness-ga4').getByText('Needs attention').count(), POLL)
      .toBe(1);
    await saveScreenshot(page, 'connection-truth-needs-attention');
  });

  it('refreshes / the moment the first opportunities exist', async () => {
    const { page } = second;
    await signInInBrowser(page, app.baseUrl, 'newcomer@example.com', 'Nina');
    await page.goto(`${app.baseUrl}/profile`);
    await page.getByRole('button', { name: 'Connect demo store' }).click();
    await expect.poll(() => page.getByTestId('connect-progress').count(), POLL).toBe(1);
    await page.goto(`${app.baseUrl}/`);
    await expect.poll(() => page.getByTestId('opportunity-list').count(), POLL).toBe(1);
    await expect
      .poll(
        () =>
          page.evaluate(async () => ((await (await fetch('/api/opportunities')).json()) as unknown[]).length),
        FIRST_RESULTS,
      )
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('opportunity-card').count(), REFRESH).toBeGreaterThan(0);
  }, 300_000);
});
