import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { connectDemoStoreAndAnalyse, useDemoStoreInBrowser } from '../support/demo-store-in-browser.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';

const POLL = { timeout: 30_000 };

/**
 * The end-to-end path in Chromium: a new user signs in, connects the demo store, the syncs
 * and the first analysis run (driven here with runJobsUntilIdle, as the worker would), every
 * section of the Revenue Opportunities page fills with real data, an opportunity is implemented
 * and the CSV report downloads.
 */
describeInBrowser('the Revenue Opportunities page on the demo store', () => {
  const setup = useDemoStoreInBrowser();

  it('connects, analyses, shows every section, implements and exports', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInByCookie(page, app.baseUrl, 'owner@example.com', 'Olive');
    await connectDemoStoreAndAnalyse(page, app);

    await page.goto(`${app.baseUrl}/`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Revenue Opportunities' }).count(), POLL)
      .toBe(1);
    await expect.poll(() => page.getByTestId('opportunity-card').count(), POLL).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('last-updated').textContent(), POLL).toMatch(/Last updated/);
    await expect.poll(() => page.getByTestId('segment-card').count(), POLL).toBeGreaterThan(2);
    await expect
      .poll(() => page.locator('[data-testid="attribution-table"] tbody tr').count(), POLL)
      .toBeGreaterThan(2);
    await expect.poll(() => page.locator('[data-testid="stock-impact"] li').count(), POLL).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid="impact-chart"] .recharts-bar-rectangle').count(), POLL)
      .toBe(5);
    await expect
      .poll(() => page.locator('[data-testid="cohort-chart"] .recharts-line').count(), POLL)
      .toBe(1);
    await expect.poll(() => page.getByText('Coming soon - visitor behavior insights').count(), POLL).toBe(1);
    for (const id of ['summary-total', 'summary-high', 'summary-confidence', 'summary-implementation']) {
      await expect(page.getByTestId(id).textContent()).resolves.toMatch(/\d/);
    }
    await expect(page.getByTestId('summary-confidence').textContent()).resolves.not.toMatch(
      /^Confidence Score0%/,
    );
    await saveScreenshot(page, 'opportunities-page');
    await page.screenshot({ path: 'test-output/opportunities-page-top.png' });
    await page.getByTestId('attribution-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-output/opportunities-page-analytics.png' });

    // Sort by confidence: the first card then has the highest confidence.
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Confidence' }).click();
    const confidences = await page
      .locator('[data-testid="opportunity-card"]')
      .evaluateAll((cards) =>
        cards.map((card) => Number(/Confidence(\d+)%/.exec(card.textContent ?? '')?.[1])),
      );
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));

    // Implement the first card: a confirmation, a toast, and the card turns implemented after the refetch.
    const first = page.getByTestId('opportunity-card').first();
    const id = await first.getAttribute('data-opportunity-id');
    await first.getByRole('button', { name: 'Implement' }).click();
    // Implement asks first (issue #36 item 5): nothing is recorded until the owner confirms.
    await expect.poll(() => page.getByTestId('implement-confirmation').count(), POLL).toBe(1);
    await page.getByTestId('confirm-implement').click();
    await expect
      .poll(() => page.getByText('Opportunity implementation has been initiated.').count(), POLL)
      .toBe(1);
    const card = page.locator(`[data-opportunity-id="${id}"]`);
    await expect.poll(() => card.getByRole('button', { name: 'Implemented' }).count(), POLL).toBe(1);

    await card.getByRole('button', { name: 'View Details' }).click();
    await expect.poll(() => page.getByTestId('opportunity-details').count(), POLL).toBe(1);
    await expect(page.getByTestId('measured-impact').textContent()).resolves.toMatch(/Baseline/);
    await saveScreenshot(page, 'opportunities-details');
    await page.keyboard.press('Escape');

    const downloadPromise = page.waitForEvent('download');
    await page.getByTestId('export-report').click();
    const download = await downloadPromise;
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,type,title,/);
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.some((line) => line.startsWith(`${id},`) && line.includes(',implemented,'))).toBe(true);
  }, 300_000);
});
