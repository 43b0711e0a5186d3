import type { Page } from 'playwright-core';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { type AppInBrowser, useAppInBrowser } from './app-in-browser.ts';
import type { TestApp } from './start-app.ts';
import { type DemoTestApp, startDemoTestApp } from './start-demo-app.ts';

/**
 * Clicks "Connect demo store" on the signed-in page, then runs the jobs the worker would (the syncs,
 * then the analysis they queue) until `/api/analysis/status` reports data. Throws when it never does.
 */
export async function connectDemoStoreAndAnalyse(page: Page, app: TestApp): Promise<void> {
  await page.getByTestId('connect-demo-store').first().click();
  for (let round = 0; round < 20; round += 1) {
    await runJobsUntilIdle(app.server.deps);
    const status = await page.evaluate(async () => (await fetch('/api/analysis/status')).json());
    if (status.hasData === true) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the first analysis of the demo store did not finish after 20 rounds of jobs');
}

export type DemoStoreInBrowser = AppInBrowser<DemoTestApp>;

/**
 * Registers the set-up of a page's browser test on the demo store: the built SPA, the app with the
 * emulators (seed 7, Shopify's cost bucket opened so syncs are not throttled) and Chromium at
 * 1400 × 1000; both are closed after the file. Read the fields inside the tests.
 */
export function useDemoStoreInBrowser(): DemoStoreInBrowser {
  return useAppInBrowser(() => startDemoTestApp({}, { seed: 7 }), [{ width: 1400, height: 1000 }]);
}
