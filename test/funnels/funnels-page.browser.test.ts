import { expect, it } from 'vitest';
import { checkoutTruth } from '../../src/demo/checkout-truth.ts';
import { addDays } from '../../src/shared/calendar.ts';
import {
  type FunnelReport,
  FunnelReportSchema,
  FunnelStepSessionsSchema,
} from '../../src/shared/contracts/funnels.ts';
import { formatMoney } from '../../src/web/lib/money.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { signInAsDemoOwner, useConnectedDemoInBrowser } from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 60_000 };

/**
 * The Funnels page in Chromium on the connected demo store (issue 40): reached from the menu, the
 * built-in checkout funnel over the demo's days shows the planted checkouts at every step (from the
 * generator's truth) with the order value of each step as the API answers it; a funnel built with
 * the builder is saved, selected and reported as the API reports it.
 */
describeInBrowser('the Funnels page on the demo store', () => {
  // A copy of the run's connected demo store; the browser carries the template owner's session.
  const setup = useConnectedDemoInBrowser();

  it('shows the checkout funnel as planted, then builds a funnel and shows its report', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInAsDemoOwner(page, app, '/funnels');
    const { startDate, endDate } = app.demo.groundTruth;
    // Abandoned checkouts sit in the journeys' earlier visits, up to 15 days before an order.
    const from = addDays(startDate, -20);
    const truth = checkoutTruth(app.demo.store);

    await expect.poll(() => page.getByText('Funnels', { exact: true }).count(), POLL).toBeGreaterThan(0);
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(endDate);
    const reportOf = async (id: string): Promise<FunnelReport> =>
      FunnelReportSchema.parse(
        await page.evaluate(
          async (path) => (await fetch(path)).json(),
          `/api/funnels/${id}/report?from=${from}&to=${endDate}`,
        ),
      );
    const sessionsShown = () => page.getByTestId('funnel-step-sessions').allTextContents();
    await expect.poll(sessionsShown, POLL).toEqual(truth.steps.map((s) => String(s.sessions)));
    const checkout = await reportOf('checkout');
    const steps = page.getByTestId('funnel-step');
    for (const [i, step] of checkout.steps.entries())
      await expect(steps.nth(i).textContent()).resolves.toContain(
        `Orders of these sessions: ${formatMoney(step.revenue, checkout.currency)}`,
      );
    // The paid step carries the demo's order value.
    expect(Number(checkout.steps.at(-1)!.revenue)).toBeGreaterThan(0);

    // A step opens: those that went no further (the planted abandonments at step 3) and where they
    // left, each page linking to its heatmap.
    await steps.nth(2).getByTestId('funnel-step-open').click();
    const drill = FunnelStepSessionsSchema.parse(
      await page.evaluate(
        async (path) => (await fetch(path)).json(),
        `/api/funnels/checkout/steps/3/sessions?from=${from}&to=${endDate}`,
      ),
    );
    expect(drill.leftHere).toBe(truth.steps[2]!.sessions - truth.steps[3]!.sessions);
    await expect
      .poll(() => page.getByTestId('funnel-step-left').textContent(), POLL)
      .toBe(String(drill.leftHere));
    const exit = page.getByTestId('funnel-exit-heatmap').first();
    const first = drill.exitPages[0]!;
    expect(await exit.getAttribute('href')).toBe(
      `/cursor-tracking?${new URLSearchParams({ trackingId: first.trackingId, page: first.pageUrl, tab: 'heatmap' })}`,
    );
    await exit.click();
    await expect.poll(() => page.locator('#heatmap-page').inputValue(), POLL).toBe(first.pageUrl);
    await page.goto(`${app.baseUrl}/funnels`);
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(endDate);
    await expect.poll(sessionsShown, POLL).toEqual(truth.steps.map((s) => String(s.sessions)));

    const builder = page.getByTestId('funnel-builder');
    await builder.getByLabel('Funnel name').fill('Contact to paid');
    await builder.getByLabel('Step 1 kind').selectOption('event');
    await builder.getByLabel('Step 1 value').fill('checkout_contact_info_submitted');
    await builder.getByLabel('Step 2 kind').selectOption('event');
    await builder.getByLabel('Step 2 value').fill('checkout_completed');
    await builder.getByLabel('Window in minutes').fill('90');
    await builder.getByRole('button', { name: 'Save funnel' }).click();
    await expect
      .poll(async () => (await page.getByLabel('Funnel', { exact: true }).inputValue()).length, POLL)
      .toBe(36);
    const id = await page.getByLabel('Funnel', { exact: true }).inputValue();
    const built = await reportOf(id);
    expect(built.name).toBe('Contact to paid');
    expect(built.steps).toHaveLength(2);
    await expect.poll(sessionsShown, POLL).toEqual(built.steps.map((s) => String(s.sessions)));
    expect(built.steps[0]!.sessions).toBe(truth.steps[1]!.sessions);
    expect(built.steps[1]!.sessions).toBeGreaterThan(0);
    expect(built.steps[1]!.sessions).toBeLessThanOrEqual(truth.steps.at(-1)!.sessions);
    await saveScreenshot(page, 'funnels-page');
  }, 300_000);
});
