/**
 * Switching store in the browser (issue #17: the dashboard re-renders in < 300 ms from cache;
 * decision 069). Real Chromium on the built SPA against the server with the demo store (seed 7)
 * connected and analysed, plus an empty second store: times, in the page, from releasing the
 * switcher's option to the dashboard showing the store (its revenue figure, or the empty state) —
 * the first visit of each store, then BENCH_RUNS (default 5) round trips from cache. Prints every
 * figure, the medians and the load average. Never asserts timings.
 */
import { execSync } from 'node:child_process';
import { launchBrowser, signInInBrowser } from '../test/support/browser.ts';
import { connectDemoStoreAndAnalyse } from '../test/support/demo-store-in-browser.ts';
import { startDemoTestApp } from '../test/support/start-demo-app.ts';
import { timeStoreSwitch } from '../test/support/time-store-switch.ts';
import { ensureWebBuild } from '../test/support/web-build.ts';
import { load } from './support/load-average.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

await ensureWebBuild();
const app = await startDemoTestApp(
  {},
  { seed: 7, shopifyBucket: { maximumAvailable: 1_000_000, restoreRate: 1_000_000 } },
);
const browser = await launchBrowser({ width: 1400, height: 1000 });
try {
  const { page } = browser;
  await signInInBrowser(page, app.baseUrl, 'bench@example.com', 'Olive');
  await page.goto(`${app.baseUrl}/`);
  await connectDemoStoreAndAnalyse(page, app);
  const created = await page.evaluate(
    async () =>
      (
        await fetch('/api/stores', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Second shop' }),
        })
      ).status,
  );
  if (created !== 201) throw new Error(`adding the second store answered ${created}`);
  await page.goto(`${app.baseUrl}/dashboard`);
  const revenue = page.getByTestId('kpi-revenue').getByTestId('kpi-value');
  await revenue.waitFor({ timeout: 60_000 });
  const demoRevenue = await revenue.textContent();
  const switcher = page.getByTestId('store-switcher');

  const firstVisit = await timeStoreSwitch(page, switcher, 'Second shop', null);
  const toEmpty: number[] = [];
  const toDemo: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    toDemo.push(await timeStoreSwitch(page, switcher, "Olive's store", demoRevenue));
    toEmpty.push(await timeStoreSwitch(page, switcher, 'Second shop', null));
  }
  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  process.stdout.write(
    `store switch (Chromium, demo seed 7, ${execSync('nproc').toString().trim()} CPUs, load average ${load()}):\n` +
      `  first visit of the empty store: ${firstVisit.toFixed(0)} ms\n` +
      `  from cache, back to the demo store's dashboard: ${list(toDemo)} ms (median ${median(toDemo).toFixed(0)} ms)\n` +
      `  from cache, to the empty store: ${list(toEmpty)} ms (median ${median(toEmpty).toFixed(0)} ms)\n` +
      '  goal: < 300 ms from cache\n',
  );
} finally {
  await browser.close();
  await app.close();
}
