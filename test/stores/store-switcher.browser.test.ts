import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { expect, it } from 'vitest';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { signInAsDemoOwner, useConnectedDemoInBrowser } from '../support/demo-store-in-browser.ts';
import { timeStoreSwitch } from '../support/time-store-switch.ts';

const POLL = { timeout: 30_000 };

/**
 * The header's store switcher in Chromium (issue #17): with the demo store connected and a second,
 * empty store added, switching shows the other store's dashboard (its empty state), the choice
 * survives a reload (it is the session's active store), and switching back to a store seen before
 * re-renders its dashboard from the cache — no KPI request — timed in the page from releasing the
 * option to the revenue figure on screen (issue #17: < 300 ms; printed, not asserted). The demo
 * store is a copy of the run's connected seed-7 template (decision 218); the "Connect demo store"
 * click keeps its own tests (connection truth, the opportunities page).
 */
describeInBrowser('the store switcher', () => {
  const setup = useConnectedDemoInBrowser();

  it('switches the dashboard between stores and back from the cache', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInAsDemoOwner(page, app);
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/stores', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Second shop' }),
      });
      return response.status;
    });
    expect(created).toBe(201);

    await page.goto(`${app.baseUrl}/dashboard`);
    const switcher = page.getByTestId('store-switcher');
    const revenue = page.getByTestId('kpi-revenue').getByTestId('kpi-value');
    await expect.poll(() => revenue.count(), POLL).toBe(1);
    const demoRevenue = await revenue.textContent();
    expect(demoRevenue).toMatch(/^\$[\d,]+\.\d\d$/);
    await expect(switcher.textContent()).resolves.toContain("Olive's store");

    const kpiRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/dashboard/kpis')) kpiRequests.push(request.url());
    });
    const choose = async (name: string) => {
      await switcher.click();
      await page.getByRole('option', { name }).click();
    };

    await choose('Second shop');
    await expect.poll(() => page.getByTestId('no-store-data').count(), POLL).toBe(1);
    await expect(switcher.textContent()).resolves.toContain('Second shop');
    await saveScreenshot(page, 'store-switcher-second-store');

    // The active store is the session's: a reload stays in it.
    await page.reload();
    await expect.poll(() => page.getByTestId('no-store-data').count(), POLL).toBe(1);
    await expect(switcher.textContent()).resolves.toContain('Second shop');

    const timedSwitch = (name: string, expected: string | null) =>
      timeStoreSwitch(page, switcher, name, expected);

    // First visit of the demo store in this page: fetched.
    const fetched = await timedSwitch("Olive's store", demoRevenue);
    // Both stores are now in the page's caches: switching is a re-render, no KPI request.
    const before = kpiRequests.length;
    const toSecond = await timedSwitch('Second shop', null);
    const toDemo = await timedSwitch("Olive's store", demoRevenue);
    expect(kpiRequests.length).toBe(before);
    await expect(revenue.textContent()).resolves.toBe(demoRevenue);
    const load = loadavg()[0]?.toFixed(2);
    const cpu = execSync('nproc').toString().trim();
    process.stdout.write(
      `store switch (Chromium, demo seed 7): first visit ${fetched.toFixed(0)} ms; from cache: ` +
        `to the empty store ${toSecond.toFixed(0)} ms, back to the demo store ${toDemo.toFixed(0)} ms ` +
        `(goal < 300 ms; load average ${load} on ${cpu} CPUs)\n`,
    );
    await saveScreenshot(page, 'store-switcher-back');
    // Connecting and analysing the demo store takes most of this; minutes on a loaded machine.
  }, 480_000);
});
