import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { type ProfitReport, ProfitReportSchema } from '../../src/shared/contracts/profit.ts';
import { formatMoney } from '../../src/shared/money.ts';
import { describeInBrowser, saveScreenshot, visit } from '../support/browser.ts';
import { signInAsDemoOwner, useConnectedDemoInBrowser } from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 30_000 };
const FROM = '2026-09-02';

/**
 * The Costs settings page in Chromium on the demo store: the owner edits a fee rule, a shipping
 * band (then recalculates), adds and edits an expense and sets the default margin; the Profit
 * page then shows the changed payment fees, shipping and expenses (its statement carries the
 * API's new figures), and a bad value is refused with the field named, nothing saved.
 */
describeInBrowser('editing the Costs settings page', () => {
  const setup = useConnectedDemoInBrowser();

  /**
   * Opens /profit on [FROM, end] inside the SPA and waits until its statement shows the API's
   * figures. The second time follows the reload below, so no profit read before the edits is cached.
   */
  async function profitShown(page: Page, baseUrl: string, end: string): Promise<ProfitReport> {
    await visit(page, baseUrl, '/profit');
    await page.getByTestId('date-range-preset').click();
    await page.getByRole('option', { name: 'Custom range' }).click();
    await page.getByLabel('From', { exact: true }).fill(FROM);
    await page.getByLabel('To', { exact: true }).fill(end);
    const report = ProfitReportSchema.parse(
      await page.evaluate(
        async (query) => (await fetch(`/api/profit?${query}`)).json(),
        `from=${FROM}&to=${end}`,
      ),
    );
    for (const line of ['paymentFees', 'shipping', 'expenses', 'netProfit'] as const)
      await expect
        .poll(() => page.getByTestId(`statement-${line}`).textContent(), POLL)
        .toContain(formatMoney(report.totals[line], report.currency));
    return report;
  }

  it('edits a fee rule, a shipping band, an expense and the default margin, and the Profit page follows', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    const end = app.demo.store.config.endDate;
    await signInAsDemoOwner(page, app, '/profit');
    const before = await profitShown(page, app.baseUrl, end);

    await visit(page, app.baseUrl, '/settings/costs');
    // Fee rule: the PayPal-like gateway's percent doubles.
    const percent = page.getByLabel('Fee rule 1 percent');
    await expect.poll(() => percent.count(), POLL).toBe(1);
    const oldPercent = await percent.inputValue();
    await percent.fill(String(Number(oldPercent) * 2));
    await page
      .getByRole('region', { name: 'Payment fee rules' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect
      .poll(
        () => page.getByRole('region', { name: 'Payment fee rules' }).getByRole('status').textContent(),
        POLL,
      )
      .toBe('Saved.');

    // A bad band is refused naming its field, and nothing is saved.
    const shipping = page.getByRole('region', { name: 'Shipping profiles' });
    await shipping.getByRole('button', { name: 'Add shipping band' }).click();
    const bands = await shipping.getByRole('listitem').count();
    await page.getByLabel(`Shipping band ${bands} country`).fill('usa');
    await page.getByLabel(`Shipping band ${bands} from grams`).fill('0');
    await page.getByLabel(`Shipping band ${bands} cost`).fill('2.00');
    await shipping.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => shipping.getByRole('alert').textContent(), POLL).toMatch(/profiles.*country/);
    await shipping.getByRole('button', { name: `Remove shipping band ${bands}` }).click();
    // Every band costs one cent more, then a recalculation re-prices the range's orders.
    for (let band = 1; band < bands; band += 1) {
      const cost = page.getByLabel(`Shipping band ${band} cost`);
      const cents = Math.round(Number(await cost.inputValue()) * 100) + 1;
      await cost.fill((cents / 100).toFixed(2));
    }
    await shipping.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => shipping.getByRole('status').textContent(), POLL).toBe('Saved.');
    await page.getByLabel('Recalculate from').fill(FROM);
    await page.getByLabel('Recalculate to').fill(end);
    await page.getByRole('button', { name: 'Recalculate' }).click();
    await expect.poll(() => page.getByTestId('recalculations').textContent(), POLL).toContain(FROM);
    await runJobsUntilIdle(app.server.deps);

    // An expense is added, then edited.
    const expenses = page.getByRole('region', { name: 'Expenses' });
    const form = page.getByRole('form', { name: 'New expense' });
    await form.getByLabel('Expense name').fill('Packaging studio');
    await form.getByLabel('Expense kind').selectOption('monthly');
    await form.getByLabel(/Expense amount/).fill('300.00');
    await form.getByLabel('Expense starts on').fill('2026-09-01');
    await form.getByRole('button', { name: 'Add expense' }).click();
    await expect
      .poll(() => expenses.getByTestId('expense').allTextContents(), POLL)
      .toContainEqual(expect.stringContaining('Packaging studio: 300.00'));
    await expenses.getByRole('button', { name: 'Edit Packaging studio' }).click();
    const edit = page.getByRole('form', { name: 'Expense Packaging studio' });
    await edit.getByLabel(/Expense amount/).fill('450.00');
    await edit.getByRole('button', { name: 'Save expense' }).click();
    await expect
      .poll(() => expenses.getByTestId('expense').allTextContents(), POLL)
      .toContainEqual(expect.stringContaining('Packaging studio: 450.00'));

    // The default margin is stored and shown again after a reload.
    await page.getByLabel('Default margin percent').fill('35');
    await page.getByRole('region', { name: 'Default margin' }).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Default margin' }).getByRole('status').count(), POLL)
      .toBe(1);
    await saveScreenshot(page, 'costs-page-editing');
    await page.reload();
    await expect
      .poll(async () => Number(await page.getByLabel('Default margin percent').inputValue()), POLL)
      .toBe(35);

    const after = await profitShown(page, app.baseUrl, end);
    expect(Number(after.totals.paymentFees)).toBeGreaterThan(Number(before.totals.paymentFees));
    expect(Number(after.totals.shipping)).toBeGreaterThan(Number(before.totals.shipping));
    expect(Number(after.totals.expenses)).toBeGreaterThan(Number(before.totals.expenses));
    expect(Number(after.totals.netProfit)).toBeLessThan(Number(before.totals.netProfit));
  }, 600_000);
});
