import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfitTruth } from '../../src/demo/profit/model.ts';
import { resetSyncTuning, tuneSync } from '../../src/server/jobs/sync/sync-tuning.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { PROFIT_LINES, type ProfitLines, ProfitReportSchema } from '../../src/shared/contracts/profit.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startDemoTestApp } from '../support/start-demo-app.ts';

/**
 * The whole profit path against the generator's truth (decision 010): the owner connects the demo
 * store (which enters the demo owner's profit setup: costs, shipping profiles, the PayPal-like fee
 * rule, expenses), the syncs read orders, transactions with fees, variant weights and refunds with
 * restock through the emulators over real HTTP, and GET /api/profit must equal the `profit`
 * section of the ground truth — the one `ground-truth.json` carries — to the cent, over the whole
 * range, every month and a sample of single days. A shop that refuses bulk exports is read page by
 * page (the incremental path) and must come to the same figures.
 */

let app: DemoTestApp;
let owner: string;
let truth: ProfitTruth;

type Line = (typeof PROFIT_LINES)[number];

async function report(from: string, to: string, granularity: 'day' | 'month' = 'day') {
  const response = await app.request(`/api/profit?from=${from}&to=${to}&granularity=${granularity}`, {
    cookie: owner,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ProfitReportSchema.parse(await response.json());
}

const inMinor = (lines: ProfitLines): Record<Line, number> =>
  Object.fromEntries(PROFIT_LINES.map((line) => [line, parseDecimalToMinor(lines[line], 2)])) as Record<
    Line,
    number
  >;

/** The truth's lines summed over [from, to]. */
function truthOver(from: string, to: string): Record<Line, number> {
  const days = truth.days.filter((d) => d.date >= from && d.date <= to);
  return Object.fromEntries(
    PROFIT_LINES.map((line) => [line, days.reduce((sum, d) => sum + d[line], 0)]),
  ) as Record<Line, number>;
}

beforeAll(async () => {
  app = await startDemoTestApp({}, { seed: 42 });
  truth = app.demo.store.groundTruth.profit;
  owner = await app.signIn('owner@example.com', 'Olive');
  expect((await app.request('/api/demo/connect', { method: 'POST', cookie: owner })).status).toBe(200);
  await runJobsUntilIdle(app.server.deps);
}, 600_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/profit equals the demo ground truth to the cent', () => {
  it('over the whole range', async () => {
    const first = truth.days[0]!.date;
    const last = truth.days.at(-1)!.date;
    const answer = await report(first, last);
    expect(answer.currency).toBe(truth.currency);
    expect(inMinor(answer.totals)).toEqual(truthOver(first, last));
    // Nonzero where the sync must have read the new facts: fees, restocks, weights.
    expect(truth.totals.paymentFees).toBeGreaterThan(0);
    expect(truth.totals.returns).toBeGreaterThan(0);
  });

  it('for every month', async () => {
    const first = truth.days[0]!.date;
    const last = truth.days.at(-1)!.date;
    const answer = await report(first, last, 'month');
    expect(answer.series.length).toBeGreaterThan(1);
    const mismatches = answer.series.flatMap((bucket) => {
      const expected = truthOver(bucket.start, bucket.end);
      const actual = inMinor(bucket);
      return PROFIT_LINES.filter((line) => actual[line] !== expected[line]).map(
        (line) => `${bucket.period} ${line}: ${actual[line]} ≠ ${expected[line]}`,
      );
    });
    expect(mismatches).toEqual([]);
  });

  it('on a sample of single days', async () => {
    const first = truth.days[0]!.date;
    const last = truth.days.at(-1)!.date;
    const answer = await report(first, last);
    const byDay = new Map(answer.series.map((bucket) => [bucket.period, inMinor(bucket)]));
    const sample = truth.days.filter((_, i) => i % 7 === 3);
    expect(sample.length).toBeGreaterThan(10);
    const mismatches = sample.flatMap((day) =>
      PROFIT_LINES.filter((line) => byDay.get(day.date)?.[line] !== day[line]).map(
        (line) => `${day.date} ${line}: ${byDay.get(day.date)?.[line]} ≠ ${day[line]}`,
      ),
    );
    expect(mismatches).toEqual([]);
  });
});

describe('when the shop refuses bulk exports (read page by page)', () => {
  let paged: DemoTestApp;

  beforeAll(async () => {
    tuneSync({ bulk: false });
    paged = await startDemoTestApp({}, { seed: 42 });
  }, 120_000);

  afterAll(async () => {
    resetSyncTuning();
    await paged?.close();
  });

  it('equals the truth over the whole range and every month', async () => {
    const cookie = await paged.signIn('owner@example.com', 'Olive');
    expect((await paged.request('/api/demo/connect', { method: 'POST', cookie })).status).toBe(200);
    await runJobsUntilIdle(paged.server.deps);
    const first = truth.days[0]!.date;
    const last = truth.days.at(-1)!.date;
    const response = await paged.request(`/api/profit?from=${first}&to=${last}&granularity=month`, {
      cookie,
    });
    expect(response.status).toBe(200);
    const answer = ProfitReportSchema.parse(await response.json());
    expect(inMinor(answer.totals)).toEqual(truthOver(first, last));
    for (const bucket of answer.series) expect(inMinor(bucket)).toEqual(truthOver(bucket.start, bucket.end));
  }, 600_000);
});
