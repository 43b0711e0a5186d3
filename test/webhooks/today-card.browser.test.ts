import { expect, it } from 'vitest';
import { catalogue, enqueue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import {
  signInAsDemoOwner,
  signInWithoutStore,
  useConnectedDemoInBrowser,
} from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 60_000 };

/**
 * The Dashboard's Today card in Chromium (issue #15): its loading and empty states (someone with no
 * store yet), then, on the demo store connected and "Simulate live orders" switched on, its orders
 * and net sales move without a reload as the emulator's signed webhooks land (the worker's jobs run
 * here by hand). The store is a copy of the run's connected seed-7 template (decision 218): the
 * "Connect demo store" click and the analysis after it keep their own tests (connection truth, the
 * store switcher, the opportunities page).
 */
describeInBrowser('the Today card on the demo store', () => {
  const setup = useConnectedDemoInBrowser();

  it('shows loading and empty states, then counts live orders as they arrive', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInWithoutStore(page, app.baseUrl, null);

    // Loading: the first answer is held back for a moment.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/api/dashboard/today',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto(`${app.baseUrl}/dashboard`);
    await expect.poll(() => page.getByTestId('today-mode').textContent(), POLL).toMatch(/Loading today/);
    release();
    // Empty: no store connected yet.
    await expect
      .poll(() => page.getByTestId('today-card').textContent(), POLL)
      .toMatch(/Connect your Shopify store to see today’s orders here/);

    // The template's connect registered the webhooks with the emulator that built it; the job it
    // queued registers them again with this file's emulator and app (as webhooks/live-orders does).
    await enqueue(
      app.db,
      catalogue.registerShopifyWebhooks,
      { workspaceId: app.workspaceId },
      { now: new Date() },
    );
    await runJobsUntilIdle(app.server.deps);
    await signInAsDemoOwner(page, app, '/dashboard');
    const orders = async () =>
      Number(
        (await page.getByTestId('today-orders').textContent())
          ?.match(/Orders([\d,]+)/)?.[1]
          ?.replace(/,/g, ''),
      );
    const revenue = () => page.getByTestId('today-revenue').locator('p').nth(1).textContent();
    await expect.poll(orders, POLL).toBeGreaterThanOrEqual(0);
    const ordersBefore = await orders();
    const revenueBefore = await revenue();

    const toggle = page.getByTestId('simulate-live-orders');
    await expect.poll(() => toggle.count(), POLL).toBe(1);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('true');
    await expect
      .poll(() => page.getByTestId('today-mode').textContent(), POLL)
      .toMatch(/Live: orders arrive by Shopify webhooks/);
    // The emulator places an order every few seconds; the worker applies the webhooks; the card polls.
    await expect
      .poll(
        async () => {
          await runJobsUntilIdle(app.server.deps);
          return orders();
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBeGreaterThan(ordersBefore);
    await expect.poll(revenue, POLL).not.toBe(revenueBefore);
    await saveScreenshot(page, 'today-card-live');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('false');
  }, 600_000);
});
