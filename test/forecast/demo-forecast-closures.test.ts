import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dayToIso, parseIsoDay } from '../../src/demo/calendar.ts';
import { generateStore } from '../../src/demo/generate-store.ts';
import type { DemoStore } from '../../src/demo/model.ts';
import { buildDemandCalendar } from '../../src/demo/seasonality.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { runAnalysis } from '../../src/server/features/analysis/run-analysis.ts';
import { addDays } from '../../src/shared/calendar.ts';
import type { RevenueForecast } from '../../src/shared/contracts/analytics.ts';
import { buildDemoFacts } from '../opportunities/demo-facts.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

// The demo store is closed on Thanksgiving, 25 Dec and 1 Jan (planted in the generator) and has
// a Black Friday – Cyber Monday peak right after Thanksgiving. Its year of history ends
// 2026-10-31, so the 90-day forecast covers Thanksgiving 2026 (26 Nov) and the peak after it;
// 27 Nov 2026 is the same calendar date as Thanksgiving 2025.
let app: TestApp;
let store: DemoStore;
let forecast: RevenueForecast;

const QueryRow = z.object({ workspace_id: z.string() });

beforeAll(async () => {
  app = await startTestApp();
  const cookie = await app.signIn('owner@example.com', 'Olive');
  const [row] = await queryRows(
    app.db,
    QueryRow,
    sql`SELECT w.id AS workspace_id FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id WHERE u.email = 'owner@example.com'`,
  );
  store = generateStore({ seed: 7, preset: 'small', endDate: '2026-10-31' });
  const summary = await runAnalysis(app.server.deps, row!.workspace_id, 'test', buildDemoFacts(store));
  expect(summary.status).toBe('succeeded');
  const response = await app.request('/api/analytics/revenue-forecast', { cookie });
  expect(response.status).toBe(200);
  forecast = (await response.json()) as RevenueForecast;
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('revenue forecast closed days on the demo store', () => {
  it('closes no forecast day inside a planted holiday peak', () => {
    expect(forecast.forecast).toHaveLength(90);
    // The generator's demand calendar over the forecast window plants the peaks the store will have.
    const peaks = buildDemandCalendar(parseIsoDay(forecast.forecast[0]!.date), 90).holidays.map((h) => ({
      name: h.name,
      startDate: dayToIso(h.startDay),
      endDate: dayToIso(h.endDay),
    }));
    expect(peaks.map((p) => p.name)).toContain('Black Friday – Cyber Monday 2026');
    for (const peak of peaks) {
      const inside = forecast.forecast.filter((p) => p.date >= peak.startDate && p.date <= peak.endDate);
      expect(inside.length, peak.name).toBeGreaterThan(0);
      for (const point of inside) {
        expect(point.closed, `${peak.name}: ${point.date}`).toBe(false);
        expect(point.value, `${peak.name}: ${point.date}`).toBeGreaterThan(0);
      }
    }
  });

  it('has no closed day that was an open, selling day one week earlier and one week later', () => {
    const sales = new Map(forecast.history.map((h) => [h.date, h.value]));
    for (const p of forecast.forecast) if (!p.closed) sales.set(p.date, p.value);
    for (const point of forecast.forecast.filter((p) => p.closed)) {
      const before = sales.get(addDays(point.date, -7)) ?? 0;
      const after = sales.get(addDays(point.date, 7)) ?? 0;
      expect(before > 0 && after > 0, point.date).toBe(false);
    }
  });

  it('suggests the holidays the store closed for once, on their rule-aligned days, for the owner to confirm', () => {
    // Closed once in history: Thanksgiving 2025 (27 Nov), 25 Dec 2025, 1 Jan 2026.
    const closedOnce = store.groundTruth.closedDays;
    expect(closedOnce).toEqual(expect.arrayContaining(['2025-11-27', '2025-12-25', '2026-01-01']));
    expect(forecast.suggestedClosures).toEqual([
      { date: '2026-11-26', holiday: 'thanksgiving' },
      { date: '2026-12-25', holiday: 'christmas-day' },
      { date: '2027-01-01', holiday: 'new-years-day' },
    ]);
  });
});
