import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { convertMinor } from '../../src/core/currency/convert-minor.ts';
import { arrayLiteral } from '../../src/server/db/array-literal.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { addDays, daysBetween, localDayOf } from '../../src/shared/calendar.ts';
import { AdSpendResponseSchema } from '../../src/shared/contracts/ad-spend.ts';
import {
  ManualSpendLineSchema,
  type SpendImportResponse,
  SpendImportResponseSchema,
  SpendSheetSchema,
  SpendSheetsResponseSchema,
} from '../../src/shared/contracts/ad-spend-import.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Spend imports for the long tail (issue #39 step 4) on the real server and PostgreSQL, signed in
 * as the demo store's owner: a CSV with good and bad rows imports the good ones and names each bad
 * one (unknown currency, negative spend, a future day in the shop's time zone, a malformed day, a
 * connector's platform); the preview writes nothing; a second upload of the same file changes
 * nothing and a changed spend is an update; a foreign-currency day is converted at the rate the
 * TikTok sync used for that day; /api/ad-spend lists the imported platforms. A published sheet is
 * served by a real local HTTP server (behind a redirect, as Google's links are), read when added,
 * re-read on "Sync now", and a failing link is shown on the sheet. Manual cost lines spread to the
 * minor unit over their days, are edited and deleted.
 */
let app: DemoTestApp;
let owner: string;
let workspaceId: string;
let shopCurrency: string;
let today: string;
/** Days that have a TikTok (EUR) row with its rate: imported days use them, so a rate exists. */
let rateDays: { date: string; rate: string }[];

let sheetServer: Server;
let sheetBase: string;
let sheetBody = '';
let sheetStatus = 200;

beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp(7));
  const [shop] = await queryRows(
    app.db,
    z.object({ currency: z.string(), tz: z.string() }),
    sql`SELECT currency_code AS currency, iana_timezone AS tz FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  shopCurrency = shop!.currency;
  today = localDayOf(new Date(), shop!.tz);
  rateDays = await queryRows(
    app.db,
    z.object({ date: z.string(), rate: z.string() }),
    sql`SELECT date::text AS date, max(exchange_rate)::text AS rate FROM wh_ad_platform_daily
        WHERE workspace_id = ${workspaceId} AND platform = 'tiktok_ads' AND currency_code = 'EUR'
          AND exchange_rate IS NOT NULL AND ad_group_id = '' GROUP BY date ORDER BY date DESC LIMIT 3`,
  );
  sheetServer = createServer((request, response) => {
    if (request.url === '/pub?output=csv') {
      // Google's published links redirect to googleusercontent.com.
      response.writeHead(307, { location: '/content/sheet.csv' }).end();
    } else if (request.url === '/content/sheet.csv') {
      response.writeHead(sheetStatus, { 'content-type': 'text/csv' }).end(sheetBody);
    } else if (request.url === '/html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Sign in</p>');
    } else {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => sheetServer.listen(0, '127.0.0.1', resolve));
  sheetBase = `http://127.0.0.1:${(sheetServer.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => sheetServer?.close(resolve));
  await app?.close();
});

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function upload(csv: string, dryRun = false) {
  const res = await app.request(`/api/ad-spend/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    cookie: owner,
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return SpendImportResponseSchema.parse(await res.json());
}

const StoredRow = z.object({
  platform: z.string(),
  date: z.string(),
  campaign_id: z.string(),
  source: z.string(),
  currency_code: z.string(),
  spend_minor: z.coerce.number(),
  spend_shop_minor: z.coerce.number().nullable(),
  clicks: z.coerce.number(),
  impressions: z.coerce.number(),
});

const stored = (platforms: string[]) =>
  queryRows(
    app.db,
    StoredRow,
    sql`SELECT platform, date::text AS date, campaign_id, source, currency_code, spend_minor,
          spend_shop_minor, clicks, impressions
        FROM wh_ad_platform_daily
        WHERE workspace_id = ${workspaceId} AND platform = ANY(${arrayLiteral(platforms)}::text[])
        ORDER BY platform, date, campaign_id`,
  );

/** The planted good rows: [date, platform, campaign, spend, currency, clicks, impressions]. */
function goodRows(): string[][] {
  const [d1, d2, d3] = rateDays.map((day) => day.date);
  return [
    [d1!, 'Pinterest', 'Spring pins', '120.50', shopCurrency, '40', '9000'],
    [d2!, 'pinterest', 'Spring pins', '99.99', shopCurrency, '31', '7000'],
    [d3!, 'Microsoft Ads', 'Brand search', '45.10', 'EUR', '12', ''],
    [d1!, 'snapchat', 'Stories', '0', shopCurrency, '', ''],
  ];
}
const HEADER = 'date,platform,campaign,spend,currency,clicks,impressions';
const csvOf = (rows: string[][]) => [HEADER, ...rows.map((row) => row.join(','))].join('\n');

describe('POST /api/ad-spend/import', () => {
  let first: SpendImportResponse;
  let firstCsv = '';

  it('previews without writing, then imports the good rows and names every bad one', async () => {
    expect(rateDays.length).toBe(3);
    const tomorrow = addDays(today, 1);
    const rows = [
      ...goodRows(),
      [rateDays[0]!.date, 'pinterest', 'Bad currency', '10.00', 'XYZ', '', ''],
      [rateDays[0]!.date, 'pinterest', 'Negative', '-5.00', shopCurrency, '', ''],
      [tomorrow, 'pinterest', 'Future', '5.00', shopCurrency, '', ''],
      ['2026-02-30', 'pinterest', 'Malformed', '5.00', shopCurrency, '', ''],
      [rateDays[0]!.date, 'google_ads', 'From the connector', '5.00', shopCurrency, '', ''],
    ];
    const csv = csvOf(rows);
    firstCsv = csv;
    const good = goodRows().length;

    const preview = await upload(csv, true);
    expect(preview).toMatchObject({ inserted: good, updated: 0, unchanged: 0, dryRun: true });
    expect(await stored(['pinterest', 'microsoft_ads', 'snapchat'])).toEqual([]);

    first = await upload(csv);
    expect(first).toMatchObject({ inserted: good, updated: 0, unchanged: 0, dryRun: false });
    // Rows are file lines: the header is row 1, so the i-th data row is row i + 2.
    const rowOf = (campaign: string) => rows.findIndex((row) => row[2] === campaign) + 2;
    expect(first.errors.map((e) => [e.row, e.field])).toEqual([
      [rowOf('Bad currency'), 'currency'],
      [rowOf('Negative'), 'spend'],
      [rowOf('Future'), 'date'],
      [rowOf('Malformed'), 'date'],
      [rowOf('From the connector'), 'platform'],
    ]);
    expect(first.errors.find((e) => e.field === 'platform')?.message).toMatch(/Google Ads.*connection/);
    expect(first.errors.find((e) => e.row === rowOf('Future'))?.message).toContain(tomorrow);

    const rowsNow = await stored(['pinterest', 'microsoft_ads', 'snapchat']);
    expect(rowsNow).toHaveLength(good);
    for (const [date, platformText, campaign, spend, currency, clicks, impressions] of goodRows()) {
      const platform = platformText!.toLowerCase().replace(' ', '_');
      const row = rowsNow.find(
        (r) => r.platform === platform && r.date === date && r.campaign_id === campaign,
      );
      const minor = parseDecimalToMinor(spend!, currencyDigitsOf(currency!));
      const rate = rateDays.find((day) => day.date === date)!.rate;
      const shop =
        currency === shopCurrency
          ? minor
          : convertMinor(
              minor,
              { perEuro: '1', digits: 2 },
              { perEuro: rate, digits: currencyDigitsOf(shopCurrency) },
            );
      expect(row).toMatchObject({
        source: 'csv',
        currency_code: currency,
        spend_minor: minor,
        spend_shop_minor: shop,
        clicks: Number(clicks || 0),
        impressions: Number(impressions || 0),
      });
    }
  });

  it('changes nothing when the same file comes again, and updates a changed spend', async () => {
    // the whole first file, bad rows and all: the same rows named again, nothing added twice
    const whole = await upload(firstCsv);
    expect(whole).toMatchObject({ inserted: 0, updated: 0, unchanged: goodRows().length });
    expect(whole.errors).toEqual(first.errors);
    const again = await upload(csvOf(goodRows()));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: goodRows().length, errors: [] });
    expect(await stored(['pinterest', 'microsoft_ads', 'snapchat'])).toHaveLength(goodRows().length);

    const changed = goodRows();
    changed[0]![3] = '130.00';
    const update = await upload(csvOf(changed));
    expect(update).toMatchObject({ inserted: 0, updated: 1, unchanged: goodRows().length - 1 });
    const row = (await stored(['pinterest'])).find((r) => r.date === changed[0]![0]);
    expect(row?.spend_minor).toBe(parseDecimalToMinor('130.00', currencyDigitsOf(shopCurrency)));
  });

  it('lists the imported platforms in /api/ad-spend with their own currency', async () => {
    const from = rateDays[2]!.date;
    const res = await app.request(`/api/ad-spend?from=${from}&to=${rateDays[0]!.date}`, { cookie: owner });
    const body = AdSpendResponseSchema.parse(await res.json());
    const rows = await stored(['pinterest', 'microsoft_ads', 'snapchat']);
    for (const platform of ['pinterest', 'microsoft_ads', 'snapchat'] as const) {
      const view = body.platforms.find((p) => p.platform === platform);
      const own = rows.filter((r) => r.platform === platform);
      expect(view?.accountCurrency).toBe(own[0]!.currency_code);
      expect(view?.spend).toBe(
        minorToDecimal(
          own.reduce((sum, r) => sum + (r.spend_shop_minor ?? 0), 0),
          currencyDigitsOf(shopCurrency),
        ),
      );
    }
  });

  it('refuses a file without a required column, naming it, and stores nothing', async () => {
    const before = await stored(['pinterest', 'microsoft_ads', 'snapchat']);
    const res = await app.request('/api/ad-spend/import', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'text/csv' },
      body: `date,platform,spend\n${rateDays[0]!.date},pinterest,1.00`,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; errors: { field: string }[] };
    expect(body.code).toBe('csv_invalid');
    expect(body.errors.map((e) => e.field)).toEqual(['campaign', 'currency']);
    expect(await stored(['pinterest', 'microsoft_ads', 'snapchat'])).toEqual(before);
  });
});

describe('published sheet link', () => {
  const sheets = async () => {
    const res = await app.request('/api/ad-spend/sheets', { cookie: owner });
    return SpendSheetsResponseSchema.parse(await res.json()).sheets;
  };

  it('refuses a link that is not a spend CSV, storing nothing', async () => {
    for (const path of ['/missing', '/html']) {
      const res = await app.request('/api/ad-spend/sheets', {
        method: 'POST',
        cookie: owner,
        ...json({ url: `${sheetBase}${path}` }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^url: /);
    }
    expect(await sheets()).toEqual([]);
  });

  it('imports the sheet when added, again on "Sync now", and shows a failing fetch on the sheet', async () => {
    const day = rateDays[1]!.date;
    sheetBody = `${HEADER}\n${day},reddit,Sheet campaign,10.00,${shopCurrency},1,2\n${day},reddit,Bad,-1,${shopCurrency},,`;
    const res = await app.request('/api/ad-spend/sheets', {
      method: 'POST',
      cookie: owner,
      ...json({ url: `${sheetBase}/pub?output=csv` }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const sheet = SpendSheetSchema.parse(await res.json());
    expect(sheet).toMatchObject({
      status: 'ok',
      result: { inserted: 1, updated: 0, unchanged: 0, errorCount: 1 },
    });
    expect(sheet.result?.errors[0]).toMatchObject({ row: 3, field: 'spend' });
    expect((await stored(['reddit'])).map((r) => [r.campaign_id, r.spend_minor, r.source])).toEqual([
      ['Sheet campaign', parseDecimalToMinor('10.00', currencyDigitsOf(shopCurrency)), 'sheet'],
    ]);

    // The owner edits the sheet; "Sync now" reads it again.
    sheetBody = `${HEADER}\n${day},reddit,Sheet campaign,12.00,${shopCurrency},1,2`;
    const sync = await app.request('/api/sync/run', { method: 'POST', cookie: owner, ...json({}) });
    expect(sync.status).toBe(202);
    await runJobsUntilIdle(app.server.deps);
    const [afterSync] = await sheets();
    expect(afterSync).toMatchObject({ status: 'ok', result: { inserted: 0, updated: 1, errorCount: 0 } });
    expect((await stored(['reddit']))[0]?.spend_minor).toBe(
      parseDecimalToMinor('12.00', currencyDigitsOf(shopCurrency)),
    );

    // The link breaks: the sheet says why, the imported days stay.
    sheetStatus = 500;
    const fetched = await app.request(`/api/ad-spend/sheets/${sheet.id}/fetch`, {
      method: 'POST',
      cookie: owner,
    });
    expect(SpendSheetSchema.parse(await fetched.json())).toMatchObject({ status: 'failed', result: null });
    expect((await sheets())[0]?.message).toContain('HTTP 500');
    expect(await stored(['reddit'])).toHaveLength(1);
    sheetStatus = 200;
  });
});

describe('manual cost lines', () => {
  const manualRows = (id: string) =>
    stored(['manual']).then((rows) => rows.filter((row) => row.campaign_id === id));

  it('spreads a line over its days to the minor unit, edits and deletes it', async () => {
    const from = addDays(rateDays[0]!.date, -9);
    const to = rateDays[0]!.date;
    const amount = '1000.01';
    const created = await app.request('/api/ad-spend/manual-lines', {
      method: 'POST',
      cookie: owner,
      ...json({ name: 'Agency retainer', amount, currency: shopCurrency, from, to }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const line = ManualSpendLineSchema.parse(await created.json());
    const minor = parseDecimalToMinor(amount, currencyDigitsOf(shopCurrency));
    let rows = await manualRows(line.id);
    expect(rows.map((r) => r.date)).toEqual(
      Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i)),
    );
    expect(rows.reduce((sum, r) => sum + r.spend_minor, 0)).toBe(minor);
    expect(rows.reduce((sum, r) => sum + (r.spend_shop_minor ?? 0), 0)).toBe(minor);
    expect(
      Math.max(...rows.map((r) => r.spend_minor)) - Math.min(...rows.map((r) => r.spend_minor)),
    ).toBeLessThanOrEqual(1);

    // Edited to three days: the other days go, the three sum to the new amount.
    const edited = await app.request(`/api/ad-spend/manual-lines/${line.id}`, {
      method: 'PUT',
      cookie: owner,
      ...json({ name: 'Influencer', amount: '100.00', currency: shopCurrency, from: addDays(to, -2), to }),
    });
    expect(edited.status).toBe(200);
    rows = await manualRows(line.id);
    expect(rows.map((r) => r.spend_minor)).toEqual(
      [3334, 3333, 3333].map((units) => (units * 10 ** currencyDigitsOf(shopCurrency)) / 100),
    );

    const list = await app.request('/api/ad-spend/manual-lines', { cookie: owner });
    expect(((await list.json()) as { lines: { id: string; days: number }[] }).lines).toEqual([
      expect.objectContaining({ id: line.id, days: 3, amount: '100.00' }),
    ]);

    // Each change is a cost change in the audit log.
    const audited = await queryRows(
      app.db,
      z.object({ target: z.string() }),
      sql`SELECT target FROM audit_log WHERE action = 'costs.changed' AND store_id = ${workspaceId}`,
    );
    expect(audited.map((entry) => entry.target)).toEqual(
      expect.arrayContaining([
        'manual cost line Agency retainer',
        'manual cost line Influencer',
        'ad spend CSV',
      ]),
    );

    const deleted = await app.request(`/api/ad-spend/manual-lines/${line.id}`, {
      method: 'DELETE',
      cookie: owner,
    });
    expect(deleted.status).toBe(200);
    expect(await manualRows(line.id)).toEqual([]);
  });

  it('refuses a range that ends before it starts, naming the field, storing nothing', async () => {
    const res = await app.request('/api/ad-spend/manual-lines', {
      method: 'POST',
      cookie: owner,
      ...json({
        name: 'Backwards',
        amount: '5.00',
        currency: shopCurrency,
        from: today,
        to: addDays(today, -1),
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('to');
    expect(await stored(['manual'])).toEqual([]);
  });
});
