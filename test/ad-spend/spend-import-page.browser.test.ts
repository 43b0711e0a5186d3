import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { addDays, localDayOf } from '../../src/shared/calendar.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '../../src/shared/money.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { signInAsDemoOwner, useConnectedDemoInBrowser } from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 30_000 };

/**
 * The spend import on the Costs page in Chromium (issue #39 step 4), on the demo store: the empty
 * states, a CSV chosen and previewed with its bad rows named and nothing written, then imported
 * (the warehouse holds exactly the good rows); a link that is not a published CSV is refused with
 * the reason shown; a manual cost line is added and listed with its days.
 */
describeInBrowser('the spend import on the Costs page', () => {
  const setup = useConnectedDemoInBrowser();

  it('previews, imports, refuses a bad link and adds a manual cost line', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    const [shop] = await queryRows(
      app.db,
      z.object({ workspace_id: z.string(), currency: z.string(), tz: z.string() }),
      sql`SELECT workspace_id, currency_code AS currency, iana_timezone AS tz FROM wh_shops LIMIT 1`,
    );
    const { currency } = shop!;
    const today = localDayOf(new Date(), shop!.tz);
    const day = addDays(today, -3);
    const importedRows = () =>
      queryRows(
        app.db,
        z.object({ campaign_id: z.string(), spend_minor: z.coerce.number() }),
        sql`SELECT campaign_id, spend_minor FROM wh_ad_platform_daily
            WHERE workspace_id = ${shop!.workspace_id} AND source = 'csv' ORDER BY campaign_id`,
      );
    const csv = [
      'date,platform,campaign,spend,currency',
      `${day},pinterest,Pins A,25.50,${currency}`,
      `${day},snapchat,Snaps B,10.00,${currency}`,
      `${addDays(today, 2)},pinterest,Too early,5.00,${currency}`,
      `${day},pinterest,Bad money,-3,${currency}`,
    ].join('\n');

    await signInAsDemoOwner(page, app, '/settings/costs');
    const manual = page.getByRole('region', { name: 'Manual cost lines' });
    const sheets = page.getByRole('region', { name: 'Published sheets' });
    await expect.poll(() => manual.textContent(), POLL).toContain('No manual cost line yet.');
    await expect.poll(() => sheets.textContent(), POLL).toContain('No published sheet yet.');

    // Preview: the counts, the two bad rows by line and column, nothing written.
    await page.getByLabel('Choose spend CSV').setInputFiles({
      name: 'spend.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const panel = page.getByRole('region', { name: 'Spend import' });
    await expect
      .poll(() => panel.getByTestId('spend-preview-counts').textContent(), POLL)
      .toContain('2 new, 0 updated and 0 unchanged');
    const errors = await panel.getByTestId('spend-import-errors').getByRole('listitem').allTextContents();
    expect(errors).toEqual([
      expect.stringMatching(/^Row 4, date: /),
      expect.stringMatching(/^Row 5, spend: /),
    ]);
    expect(await panel.getByRole('table', { name: 'Import preview' }).getByRole('row').count()).toBe(3);
    expect(await importedRows()).toEqual([]);
    await saveScreenshot(page, 'spend-import-preview');

    await panel.getByRole('button', { name: 'Import 2 campaign days' }).click();
    await expect
      .poll(() => page.getByTestId('spend-import-counts').textContent(), POLL)
      .toContain('2 new, 0 updated and 0 unchanged campaign days were imported');
    const digits = currencyDigitsOf(currency);
    expect(await importedRows()).toEqual([
      { campaign_id: 'Pins A', spend_minor: parseDecimalToMinor('25.50', digits) },
      { campaign_id: 'Snaps B', spend_minor: parseDecimalToMinor('10.00', digits) },
    ]);

    // A link that answers nothing usable is refused, the reason shown.
    await sheets.getByLabel('Published CSV link').fill(`${app.baseUrl}/no-such-sheet.csv`);
    await sheets.getByRole('button', { name: 'Add sheet' }).click();
    await expect.poll(() => sheets.getByRole('alert').textContent(), POLL).toMatch(/url: /);
    expect(await sheets.textContent()).toContain('No published sheet yet.');

    // A manual cost line over three days.
    const form = page.getByRole('form', { name: 'New manual cost line' });
    await form.getByLabel('Line name').fill('Agency fee');
    await form.getByLabel('Line amount').fill('100.00');
    await form.getByLabel('Line currency').fill(currency);
    await form.getByLabel('Line from').fill(addDays(day, -2));
    await form.getByLabel('Line to').fill(day);
    await form.getByRole('button', { name: 'Add line' }).click();
    await expect
      .poll(() => manual.getByTestId('manual-line').allTextContents(), POLL)
      .toEqual([expect.stringContaining('Agency fee')]);
    expect((await manual.getByTestId('manual-line').textContent()) ?? '').toContain('(3 days)');
    const [spread] = await queryRows(
      app.db,
      z.object({ total: z.coerce.number() }),
      sql`SELECT sum(spend_minor) AS total FROM wh_ad_platform_daily
          WHERE workspace_id = ${shop!.workspace_id} AND platform = 'manual'`,
    );
    expect(minorToDecimal(spread!.total, digits)).toBe(
      minorToDecimal(parseDecimalToMinor('100.00', digits), digits),
    );
    await saveScreenshot(page, 'spend-import-done');
  }, 600_000);
});
