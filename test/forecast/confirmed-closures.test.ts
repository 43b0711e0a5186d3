import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dayToIso, parseIsoDay } from '../../src/demo/calendar.ts';
import { buildDemandCalendar } from '../../src/demo/seasonality.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { addDays } from '../../src/shared/calendar.ts';
import type { RevenueForecast } from '../../src/shared/contracts/analytics.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Issue #20.2 on the demo store connected as an owner does (emulators, syncs, analysis): the
 * forecast's closed days come from the shop's pattern and the closures the owner confirms, which
 * are stored (forecast_closures), honoured by the next analysis and withdrawable.
 */
let app: DemoTestApp;
let owner: string;

async function call(method: string, path: string): Promise<{ status: number; body: RevenueForecast }> {
  const response = await app.request(path, { method, cookie: owner });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as RevenueForecast };
}

/** The two checks of a forecast on the demo store. */
function expectClosedDaysByPattern(forecast: RevenueForecast): void {
  expect(forecast.forecast).toHaveLength(90);
  // No closed day that was an open, selling day one week earlier and one week later (unless the
  // owner confirmed it: then it is a closure the shop told us about, not one we guessed).
  const sales = new Map(forecast.history.map((h) => [h.date, h.value]));
  for (const p of forecast.forecast) if (!p.closed) sales.set(p.date, p.value);
  for (const point of forecast.forecast.filter((p) => p.closed)) {
    if (forecast.confirmedClosures.includes(point.date)) continue;
    const before = sales.get(addDays(point.date, -7)) ?? 0;
    const after = sales.get(addDays(point.date, 7)) ?? 0;
    expect(before > 0 && after > 0, point.date).toBe(false);
  }
  // No forecast day inside a holiday peak the generator planted is closed.
  const peaks = buildDemandCalendar(parseIsoDay(forecast.forecast[0]!.date), 90).holidays;
  expect(peaks.map((p) => p.name)).toContain('Black Friday – Cyber Monday 2026');
  for (const peak of peaks) {
    const inside = forecast.forecast.filter(
      (p) => p.date >= dayToIso(peak.startDay) && p.date <= dayToIso(peak.endDay),
    );
    expect(inside.length, peak.name).toBeGreaterThan(0);
    for (const point of inside) {
      expect(point.closed, `${peak.name}: ${point.date}`).toBe(false);
      expect(point.value, `${peak.name}: ${point.date}`).toBeGreaterThan(0);
    }
  }
}

const StoredClosureRow = z.object({ day: z.string() });

const storedClosures = async () =>
  (
    await queryRows(
      app.db,
      StoredClosureRow,
      sql`SELECT closed_on::text AS day FROM forecast_closures ORDER BY closed_on`,
    )
  ).map((r) => r.day);

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp());
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('forecast closures on the demo store', () => {
  it('closes no selling day and no holiday-peak day, and suggests the holidays closed once', async () => {
    const { status, body } = await call('GET', '/api/analytics/revenue-forecast');
    expect(status).toBe(200);
    expectClosedDaysByPattern(body);
    expect(body.forecast.filter((p) => p.closed)).toEqual([]);
    expect(body.confirmedClosures).toEqual([]);
    expect(body.suggestedClosures).toEqual([
      { date: '2026-11-26', holiday: 'thanksgiving' },
      { date: '2026-12-25', holiday: 'christmas-day' },
      { date: '2027-01-01', holiday: 'new-years-day' },
    ]);
  });

  it('stores a confirmed closure, forecasts it closed, and reopens it when withdrawn', async () => {
    const confirmed = await call('PUT', '/api/analytics/forecast-closures/2026-11-26');
    expect(confirmed.status).toBe(200);
    expect(await storedClosures()).toEqual(['2026-11-26']);
    expect(confirmed.body.confirmedClosures).toEqual(['2026-11-26']);
    expect(confirmed.body.suggestedClosures.map((s) => s.date)).toEqual(['2026-12-25', '2027-01-01']);
    const thanksgiving = confirmed.body.forecast.find((p) => p.date === '2026-11-26')!;
    expect(thanksgiving).toMatchObject({ closed: true, value: 0, hi95: 0 });
    // Only the confirmed day closes; Black Friday right after it stays open.
    expect(confirmed.body.forecast.filter((p) => p.closed).map((p) => p.date)).toEqual(['2026-11-26']);
    expectClosedDaysByPattern(confirmed.body);
    // The read endpoint serves the same forecast (the new run's snapshot).
    const read = await call('GET', '/api/analytics/revenue-forecast');
    expect(read.body).toEqual(confirmed.body);
    // Confirming twice keeps one row.
    expect((await call('PUT', '/api/analytics/forecast-closures/2026-11-26')).status).toBe(200);
    expect(await storedClosures()).toEqual(['2026-11-26']);

    const withdrawn = await call('DELETE', '/api/analytics/forecast-closures/2026-11-26');
    expect(withdrawn.status).toBe(200);
    expect(await storedClosures()).toEqual([]);
    expect(withdrawn.body.confirmedClosures).toEqual([]);
    expect(withdrawn.body.forecast.find((p) => p.date === '2026-11-26')!.closed).toBe(false);
    expect(withdrawn.body.suggestedClosures.map((s) => s.date)).toContain('2026-11-26');
  }, 300_000);

  it('refuses a day that is not a day of the forecast, naming the field, and stores nothing', async () => {
    for (const bad of ['2026-02-30', 'tomorrow', '2026-10-01', '2030-01-01']) {
      const response = await app.request(`/api/analytics/forecast-closures/${bad}`, {
        method: 'PUT',
        cookie: owner,
      });
      expect(response.status, bad).toBe(400);
      expect((await response.json()).message, bad).toMatch(/date/);
    }
    expect(await storedClosures()).toEqual([]);
    const anonymous = await app.request('/api/analytics/forecast-closures/2026-12-25', { method: 'PUT' });
    expect(anonymous.status).toBe(401);
    expect(await storedClosures()).toEqual([]);
  });
});
