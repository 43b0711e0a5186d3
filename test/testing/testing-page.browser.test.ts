import { expect, it } from 'vitest';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { signInAsDemoOwner, useConnectedDemoInBrowser } from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 30_000 };

/**
 * The A/B Testing page in Chromium on the demo store: record an experiment through the form, read
 * its analysis (known answers: 200/1000 vs 250/1000 → p = 0.007, B wins), edit it, see a 400 in the
 * app's error wording, plan with the calculator (R's power.prop.test example) and see an implemented
 * opportunity as a before/after row.
 */
describeInBrowser('the A/B Testing page', () => {
  const setup = useConnectedDemoInBrowser();

  it('records, analyses and edits an experiment, plans one, and lists implemented changes', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInAsDemoOwner(page, app);
    const implemented = await page.evaluate(async () => {
      const list = await (await fetch('/api/opportunities')).json();
      const response = await fetch(`/api/opportunities/${list[0].id}/implement`, { method: 'POST' });
      return response.json();
    });

    await page.goto(`${app.baseUrl}/testing`);
    await expect.poll(() => page.getByRole('heading', { name: 'A/B Testing' }).count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('No experiments yet').count(), POLL).toBe(1);

    // Before/after: the implemented opportunity with its baseline.
    await expect.poll(() => page.getByTestId('implemented-row').count(), POLL).toBe(1);
    await expect(page.getByTestId('implemented-row').textContent()).resolves.toContain(implemented.title);
    // Implemented on the shop's day (the demo shop is in New York), not the UTC one.
    const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(implemented.implementedAt),
    );
    await expect(page.getByTestId('implemented-day').textContent()).resolves.toBe(shopDay);

    // Record an experiment.
    await page.getByTestId('new-experiment').click();
    await page.getByLabel('Name', { exact: true }).fill('One-page checkout');
    await page.getByLabel('Hypothesis').fill('Fewer steps convert more visitors.');
    await page.getByLabel('Variant 1 visitors').fill('1000');
    await page.getByLabel('Variant 1 conversions').fill('200');
    await page.getByLabel('Variant 1 revenue').fill('10000.50');
    await page.getByLabel('Variant 2 visitors').fill('1000');
    await page.getByLabel('Variant 2 conversions').fill('250');
    await page.getByLabel('Variant 2 revenue').fill('13100.25');
    await page.getByTestId('save-experiment').click();
    const card = page.getByTestId('experiment-card');
    await expect.poll(() => card.count(), POLL).toBe(1);
    await expect.poll(() => card.getByTestId('verdict').textContent(), POLL).toContain('Variant B wins');
    await expect(card.getByTestId('p-value').allTextContents()).resolves.toEqual(['—', '0.007']);
    await expect(card.getByTestId('conversion-rate').first().textContent()).resolves.toContain('20.00 %');
    await expect(card.getByTestId('verdict-rule').textContent()).resolves.toContain('p-value is below 5 %');
    await expect.poll(() => card.locator('.recharts-bar-rectangle').count(), POLL).toBe(2);
    await saveScreenshot(page, 'testing-page');

    // A bad edit is refused with the server's sentence, never its raw JSON (issue #20.5).
    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Variant 2 conversions').fill('2000');
    await page.getByTestId('save-experiment').click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), POLL)
      .toMatch(/^Invalid request: .*conversions cannot exceed visitors/);
    await expect(page.getByRole('alert').first().textContent()).resolves.not.toContain('{');
    await saveScreenshot(page, 'testing-validation');
    // A good edit re-analyses: too few visitors for a verdict.
    for (const [label, value] of [
      ['Variant 1 visitors', '150'],
      ['Variant 1 conversions', '30'],
      ['Variant 2 visitors', '150'],
      ['Variant 2 conversions', '33'],
    ] as const)
      await page.getByLabel(label).fill(value);
    await page.getByTestId('save-experiment').click();
    await expect.poll(() => card.getByTestId('verdict').textContent(), POLL).toContain('Not enough data yet');

    // The calculator: R's power.prop.test(p1 = .5, p2 = .75, power = .9) => n = 76.7 per arm.
    await page.getByLabel('Baseline conversion rate (%)').fill('50');
    await page.getByLabel('Minimum detectable effect (relative %)').last().fill('50');
    await page.getByLabel('Power (%)').fill('90');
    await expect.poll(() => page.getByTestId('required-visitors').textContent(), POLL).toBe('77');
    await page.getByTestId('sample-size-calculator').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'testing-calculator');
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
