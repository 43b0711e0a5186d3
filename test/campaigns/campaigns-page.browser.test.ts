import { expect, it } from 'vitest';
import type { CampaignPerformance } from '../../src/shared/contracts/campaigns.ts';
import type { FirstPartyAttribution, FirstPartyHealth } from '../../src/shared/contracts/first-party.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import {
  signInAsDemoOwner,
  signInWithoutStore,
  useConnectedDemoInBrowser,
} from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 30_000 };
const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(
    minor / 100,
  );
/** A wire amount (decimal string) as the page shows it. */
const usdAmount = (amount: string) => usd(parseDecimalToMinor(amount, 2));

/**
 * The Campaign Performance page in Chromium on the demo store: the "Meta is not connected" state,
 * then, after connecting, syncing and analysing, the totals, one row and one chart per campaign,
 * labels and opportunity links — every figure the one the API computed from the warehouse.
 */
describeInBrowser('the Campaign Performance page on the demo store', () => {
  const setup = useConnectedDemoInBrowser();

  it('shows what to do before Meta is connected, then every campaign with verified figures', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInWithoutStore(page, app.baseUrl, '/campaigns');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Campaign Performance' }).count(), POLL)
      .toBe(1);
    await expect.poll(() => page.getByText('Meta is not connected').count(), POLL).toBe(1);
    await expect(page.getByTestId('campaigns-empty').getByRole('link').getAttribute('href')).resolves.toBe(
      '/profile',
    );
    await saveScreenshot(page, 'campaigns-page-empty');

    await signInAsDemoOwner(page, app, '/campaigns');

    const api = (await page.evaluate(async () =>
      (await fetch('/api/campaigns?period=30')).json(),
    )) as CampaignPerformance;
    await expect.poll(() => page.getByTestId('campaign-row').count(), POLL).toBe(api.campaigns.length);
    await expect(page.getByTestId('total-spend').textContent()).resolves.toContain(
      usdAmount(api.totals.spend),
    );
    await expect(page.getByTestId('total-revenue').textContent()).resolves.toContain(
      usdAmount(api.totals.netRevenue),
    );
    await expect(page.getByTestId('total-roas').textContent()).resolves.toContain(
      `${api.totals.roas!.toFixed(2)}x`,
    );
    await expect(page.getByTestId('campaign-range').textContent()).resolves.toContain(api.endDate!);

    // First-party, GA4-reported and Meta-reported revenue side by side (issue 16 item 3), with a note on each.
    const firstRow = page.getByTestId('campaign-row').first();
    const first = api.campaigns[0]!;
    expect(first.ga4ReportedRevenue).not.toBeNull();
    await expect(firstRow.getByTestId('campaign-ga4').textContent()).resolves.toBe(
      usdAmount(first.ga4ReportedRevenue!),
    );
    await expect(firstRow.getByTestId('campaign-first-party').textContent()).resolves.toBe(
      usdAmount(first.firstPartyRevenue),
    );
    await expect(firstRow.getByTestId('campaign-meta-reported').textContent()).resolves.toBe(
      usdAmount(first.reportedPurchaseValue),
    );
    const headers = await page.getByTestId('campaign-table').locator('th').allTextContents();
    const at = (label: string) => headers.indexOf(label);
    expect(at('GA4-reported revenue')).toBe(at('First-party revenue') + 1);
    expect(at('Meta-reported value')).toBeGreaterThan(at('GA4-reported revenue'));
    await expect(page.getByTestId('revenue-sources-note').textContent()).resolves.toContain(
      usdAmount(api.totals.ga4ReportedRevenue!),
    );

    // First-party attribution health (issue 16): the demo storefront's sessions joined to orders,
    // over the page's own 30 days (the campaigns' window, not one ending today).
    const health = (await page.evaluate(async () =>
      (await fetch('/api/attribution/first-party/health?period=30')).json(),
    )) as FirstPartyHealth;
    expect(health.orders).toBeGreaterThan(0);
    expect([health.from, health.to]).toEqual([api.startDate, api.endDate]);
    const unasked = (await page.evaluate(async () =>
      (await fetch('/api/attribution/first-party/health')).json(),
    )) as FirstPartyHealth;
    expect([unasked.from, unasked.to]).toEqual([health.from, health.to]);
    await expect
      .poll(() => page.getByTestId('first-party-health').textContent(), POLL)
      .toContain(`${api.startDate} – ${api.endDate}`);
    await expect
      .poll(() => page.getByTestId('first-party-rate').textContent(), POLL)
      .toBe(`${(health.rate * 100).toFixed(1)} %`);
    await expect(page.getByTestId('first-party-grade').textContent()).resolves.toBe(health.grade);

    // First-party attribution by model: whole orders under last non-direct, shares of orders (one
    // decimal) once the linear model splits an order's credit; each row the API's figure.
    const attribution = async (model: string) =>
      (await page.evaluate(
        async (m) => (await fetch(`/api/attribution/first-party?period=30&model=${m}`)).json(),
        model,
      )) as FirstPartyAttribution;
    const lastNonDirect = await attribution('last-non-direct');
    const topChannel = lastNonDirect.channels[0]!;
    const channelRow = page.getByTestId('first-party-channel').first();
    await expect
      .poll(() => channelRow.getByTestId('first-party-channel-revenue').textContent(), POLL)
      .toBe(usdAmount(topChannel.revenue));
    await expect(channelRow.getByTestId('first-party-channel-orders').textContent()).resolves.toBe(
      topChannel.conversions.toLocaleString('en-US'),
    );
    const linear = await attribution('linear');
    expect(linear.channels.some((c) => !Number.isInteger(c.conversions))).toBe(true);
    await page.getByTestId('first-party-model').click();
    await page.getByRole('option', { name: 'Linear' }).click();
    await expect
      .poll(() => channelRow.getByTestId('first-party-channel-orders').textContent(), POLL)
      .toBe(linear.channels[0]!.conversions.toFixed(1));
    await expect(page.getByTestId('first-party-campaigns').textContent()).resolves.toContain(
      linear.campaigns[0]!.campaign,
    );

    // The planted wasteful campaign: its row, its Cut label and the link to its opportunity.
    const wasteful = app.demo.store.groundTruth.plantedCampaigns.wasteful;
    const row = api.campaigns.find((c) => c.campaignId === wasteful.id)!;
    const card = page.locator(`[data-testid="campaign-card"][data-campaign-id="${wasteful.id}"]`);
    await expect(card.textContent()).resolves.toContain('Cut');
    await expect(card.textContent()).resolves.toContain(usdAmount(row.spend));
    await expect
      .poll(() => card.getByRole('link', { name: row.opportunities[0]!.title }).count(), POLL)
      .toBe(1);
    await expect
      .poll(() => page.locator('[data-testid="campaign-chart"] .recharts-bar-rectangle').count(), POLL)
      .toBeGreaterThan(api.campaigns.length);
    await expect(page.getByTestId('attribution-rule').textContent()).resolves.toContain(
      'last non-direct click',
    );
    await saveScreenshot(page, 'campaigns-page');

    // 7 days, chosen in the shared range picker (issue #36): the table follows the range.
    const week = (await page.evaluate(async () =>
      (await fetch('/api/campaigns?period=7')).json(),
    )) as CampaignPerformance;
    await page.getByTestId('date-range-preset').first().click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('range'), POLL).toBe('last7');
    await expect
      .poll(() => page.getByTestId('total-spend').textContent(), POLL)
      .toContain(usdAmount(week.totals.spend));
    await expect(page.getByTestId('campaign-range').textContent()).resolves.toContain(week.startDate!);

    await page.setViewportSize({ width: 420, height: 900 });
    // Narrow screens: wide tables scroll inside their card, the page itself never scrolls sideways.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), POLL)
      .toBeLessThanOrEqual(420);
    await saveScreenshot(page, 'campaigns-page-narrow');
  }, 300_000);
});
