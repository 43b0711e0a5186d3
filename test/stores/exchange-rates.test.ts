import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type EcbEmulator, startEcbEmulator } from '../../src/demo/emulators/ecb/app.ts';
import { isTargetBusinessDay } from '../../src/demo/emulators/ecb/target-calendar.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { enqueueDueRatesFetch } from '../../src/server/features/exchange-rates/jobs.ts';
import { catalogue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { ErrorEnvelopeSchema } from '../../src/shared/contracts/errors.ts';
import { ExchangeRateStatusSchema } from '../../src/shared/contracts/exchange-rates.ts';
import { joinByInvitation, sendJson } from '../support/members.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * The ECB's daily reference rates (issue #17 item 1, decision 067) over real HTTP from the ECB
 * emulator: "Fetch now" and the scheduled job store them per day (none on weekends or TARGET
 * holidays); an unreachable feed is reported and the owner enters a rate by hand, validated field by
 * field; a viewer may read the rates but not enter them.
 */

let app: TestApp;
let ecb: EcbEmulator & { baseUrl: string };
let owner: string;
let viewer: string;

// The emulator's clock: Thursday 26 November 2026, 17:00 UTC (that day's rates are out).
const NOW = Date.parse('2026-11-26T17:00:00Z');

const RateRow = z.object({ rate_date: z.string(), rate: z.string() });
const ecbRates = (currency: string) =>
  queryRows(
    app.db,
    RateRow,
    sql`SELECT rate_date::text, trim_scale(rate)::text AS rate FROM ecb_rates WHERE currency = ${currency}
        ORDER BY rate_date`,
  );
const status = async (cookie: string) => {
  const response = await app.request('/api/exchange-rates', { cookie });
  expect(response.status).toBe(200);
  return ExchangeRateStatusSchema.parse(await response.json());
};

beforeAll(async () => {
  ecb = await startEcbEmulator({ now: () => NOW, firstDay: '2026-06-01' });
  ecb.plant('2026-11-20', 'USD', '1.0856');
  app = await startTestApp({ UPSTREAM_ECB_URL: ecb.baseUrl });
  owner = await app.signIn('rates-owner@example.com', 'Rita');
  viewer = (
    await joinByInvitation(app, owner, {
      email: 'rates-viewer@example.com',
      firstName: 'Vic',
      role: 'viewer',
    })
  ).cookie;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await ecb?.close();
});

describe('ECB reference rates', () => {
  it('fetches the whole history first, per business day, with the rates as published', async () => {
    const response = await app.request('/api/exchange-rates/fetch', { method: 'POST', cookie: owner });
    expect(response.status, await response.clone().text()).toBe(200);
    const fetched = ExchangeRateStatusSchema.parse(await response.json());
    expect(fetched.latestEcbDate).toBe('2026-11-26');
    expect(fetched.lastError).toBeNull();
    expect(ecb.requests.at(-1)).toEqual({ path: '/stats/eurofxref/eurofxref-hist.xml', status: 200 });

    const usd = await ecbRates('USD');
    expect(usd[0]?.rate_date).toBe('2026-06-01');
    expect(usd.find((r) => r.rate_date === '2026-11-20')?.rate).toBe('1.0856');
    // Exactly the emulator's figures, none on weekends or TARGET holidays (25 and 26 December 2025
    // are outside; Saturday 21 and Sunday 22 November are not published).
    expect(usd.every((r) => isTargetBusinessDay(r.rate_date))).toBe(true);
    expect(usd.some((r) => r.rate_date === '2026-11-21' || r.rate_date === '2026-11-22')).toBe(false);
    for (const row of usd.slice(-5)) expect(row.rate).toBe(ecb.rateOf(row.rate_date, 'USD'));
  });

  it('reads the last 90 days on later fetches, as the scheduled job', async () => {
    expect(await enqueueDueRatesFetch(app.db, new Date())).toBe(true);
    expect(await enqueueDueRatesFetch(app.db, new Date())).toBe(false);
    const outcomes = await runJobsUntilIdle(app.server.deps, { only: [catalogue.fetchExchangeRates] });
    expect(outcomes.map((o) => o.status)).toEqual(['succeeded']);
    expect(ecb.requests.at(-1)).toEqual({ path: '/stats/eurofxref/eurofxref-hist-90d.xml', status: 200 });
  });

  it('reports an unreachable feed, and the owner enters the rate by hand', async () => {
    ecb.faults.force({ status: 503, body: { error: 'maintenance' } });
    try {
      const refused = await app.request('/api/exchange-rates/fetch', { method: 'POST', cookie: owner });
      expect(refused.status).toBe(502);
      const error = ErrorEnvelopeSchema.parse(await refused.json());
      expect(error.code).toBe('rates_unreachable');
      expect(error.message).toContain('Enter the rates you need by hand');
    } finally {
      ecb.faults.force(null);
    }
    const failed = await status(viewer);
    expect(failed.lastError).toContain('HTTP 503');
    expect(failed.lastSuccessAt).not.toBeNull();

    const entered = await sendJson(
      app,
      'POST',
      '/api/exchange-rates',
      { date: '2026-11-27', currency: 'GBP', rate: '0.8721' },
      owner,
    );
    expect(entered.status, await entered.clone().text()).toBe(201);
    const after = ExchangeRateStatusSchema.parse(await entered.json());
    expect(after.manualRates).toEqual([
      expect.objectContaining({
        date: '2026-11-27',
        currency: 'GBP',
        rate: '0.8721',
        enteredBy: 'rates-owner@example.com',
      }),
    ]);
    // Entered again for the same day: replaced, not doubled.
    await sendJson(
      app,
      'POST',
      '/api/exchange-rates',
      { date: '2026-11-27', currency: 'GBP', rate: '0.8730' },
      owner,
    );
    expect((await status(owner)).manualRates.map((r) => r.rate)).toEqual(['0.873']);
  });

  it.each([
    [{ date: '2026-11-27', currency: 'GBP', rate: '-1' }, 'rate'],
    [{ date: '2026-11-27', currency: 'GBP', rate: '0' }, 'rate'],
    [{ date: '2026-11-27', currency: 'GBP', rate: 'abc' }, 'rate'],
    [{ date: '2026-11-27', currency: 'GBP', rate: 1.2 }, 'rate'],
    [{ date: '2026-11-27', currency: 'gbp', rate: '1.2' }, 'currency'],
    [{ date: '2026-11-27', currency: 'XQZ', rate: '1.2' }, 'currency'],
    [{ date: '2026-11-27', currency: 'EUR', rate: '1.2' }, 'currency'],
    [{ date: '1999-12-31', currency: 'GBP', rate: '1.2' }, 'date'],
    [{ date: '2101-01-01', currency: 'GBP', rate: '1.2' }, 'date'],
    [{ date: '2026-02-30', currency: 'GBP', rate: '1.2' }, 'date'],
  ])('refuses %j with a 400 naming %s, storing nothing', async (body, field) => {
    const before = (await status(owner)).manualRates.length;
    const response = await sendJson(app, 'POST', '/api/exchange-rates', body, owner);
    expect(response.status).toBe(400);
    expect(ErrorEnvelopeSchema.parse(await response.json()).message).toContain(field);
    expect((await status(owner)).manualRates.length).toBe(before);
  });

  it('lets a viewer read the rates but neither enter nor fetch them', async () => {
    const entered = await sendJson(
      app,
      'POST',
      '/api/exchange-rates',
      { date: '2026-11-27', currency: 'USD', rate: '1.1' },
      viewer,
    );
    expect(entered.status).toBe(403);
    const fetched = await app.request('/api/exchange-rates/fetch', { method: 'POST', cookie: viewer });
    expect(fetched.status).toBe(403);
    expect((await status(viewer)).manualRates.map((r) => r.currency)).toEqual(['GBP']);
  });
});
