import { expect, it } from 'vitest';
import type { ModelDiagnostics } from '../../src/shared/contracts/models.ts';
import { formatParam } from '../../src/web/features/models/lib/format-model.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import {
  signInAsDemoOwner,
  signInWithoutStore,
  useConnectedDemoInBrowser,
} from '../support/demo-store-in-browser.ts';

// Generous: the checks and a manual run take seconds, far more on a loaded 2-core machine.
const POLL = { timeout: 120_000 };

/**
 * The Predictive Models page in Chromium on the demo store: the empty state, then the forecast's
 * backtest and holdout, the lifetime fits and their checks (figures from the stored run and its
 * checks), the run history, and "Run analysis" adding a run.
 */
describeInBrowser('the Predictive Models page on the demo store', () => {
  const setup = useConnectedDemoInBrowser();

  it('shows the models, their checks and the run history, and runs an analysis', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInWithoutStore(page, app.baseUrl, '/models');
    await expect.poll(() => page.getByRole('heading', { name: 'Predictive Models' }).count(), POLL).toBe(1);
    await expect.poll(() => page.getByTestId('models-empty').count(), POLL).toBe(1);
    // The run history loads on its own (a skeleton until then).
    await expect
      .poll(() => page.getByTestId('run-history').textContent(), POLL)
      .toContain('No analysis has run yet.');

    await signInAsDemoOwner(page, app, '/models');
    // The checks are computed after the first read; the page polls until they are in.
    await expect.poll(() => page.getByTestId('holdout-chart').count(), POLL).toBe(1);
    const api = (await page.evaluate(async () =>
      (await fetch('/api/models/diagnostics')).json(),
    )) as ModelDiagnostics;
    expect(api.checks?.status).toBe('ready');

    await expect(page.getByTestId('backtest-table').textContent()).resolves.toContain(
      `${api.forecast!.backtest.model!.wape.toFixed(1)}%`,
    );
    await expect(page.getByTestId('holdout-table').textContent()).resolves.toContain(
      `${api.checks!.holdout!.model.coverage80!.toFixed(0)}%`,
    );
    await expect
      .poll(() => page.locator('[data-testid="holdout-chart"] .recharts-line').count(), POLL)
      .toBe(2);
    const bg = api.lifetime!.bgnbd!;
    await expect(page.getByTestId('bgnbd-row').textContent()).resolves.toContain(formatParam(bg.alpha));
    await expect(page.getByTestId('pareto-row').textContent()).resolves.toContain(
      formatParam(api.checks!.paretoNbd!.s),
    );
    await expect(page.getByTestId('gamma-gamma').textContent()).resolves.toContain(
      formatParam(api.lifetime!.gammaGamma!.q),
    );
    await expect
      .poll(() => page.locator('[data-testid="frequency-check"] .recharts-bar-rectangle').count(), POLL)
      .toBeGreaterThan(8);
    await expect(page.getByTestId('calibration-totals').textContent()).resolves.toContain(
      api.checks!.calibration!.actualTotal.toLocaleString('en-US'),
    );
    expect(await page.getByTestId('run-row').count()).toBeGreaterThan(0);
    const latestBefore = await page.getByTestId('run-row').first().textContent();
    await saveScreenshot(page, 'models-page');

    await page.getByTestId('run-analysis').click();
    await expect.poll(() => page.getByText('Analysis finished').count(), POLL).toBe(1);
    // A new run heads the history (older ones are pruned, so the count may stay the same).
    await expect.poll(() => page.getByTestId('run-row').first().textContent(), POLL).not.toBe(latestBefore);
    await expect(page.getByTestId('run-row').first().textContent()).resolves.toMatch(/manualsucceeded/);
    await page.setViewportSize({ width: 420, height: 900 });
    // Narrow screens: wide tables scroll inside their card, the page itself never scrolls sideways.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), POLL)
      .toBeLessThanOrEqual(420);
    await saveScreenshot(page, 'models-page-narrow');
  }, 300_000);
});
