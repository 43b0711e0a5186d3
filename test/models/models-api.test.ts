import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import type { ModelDiagnostics, ModelRun } from '../../src/shared/contracts/models.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/** What the analysis pipeline (core/pipeline) stores for a run (the fields these tests compare). */
const StoredRun = z.object({
  id: z.string(),
  diagnostics: z.object({
    customers: z.number(),
    candidates: z.number(),
    lifetime: z.object({
      repeatCustomers: z.number(),
      bgnbd: z.object({ r: z.number(), alpha: z.number(), logLikelihood: z.number() }),
      gammaGamma: z.object({ p: z.number(), q: z.number(), gamma: z.number() }),
    }),
  }),
  forecast_accuracy: z.object({
    model: z.string(),
    accuracy: z.object({ wape: z.number() }),
    seasonalNaive: z.object({ mase: z.number() }),
  }),
});

let app: DemoTestApp;
let owner: string;

const json = async <T>(path: string, cookie = owner): Promise<T> => {
  const response = await app.request(path, { cookie });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

/** Reads the diagnostics until the run's checks are no longer being computed. */
async function diagnosticsWithChecks(): Promise<ModelDiagnostics> {
  for (let i = 0; i < 240; i += 1) {
    const answer = await json<ModelDiagnostics>('/api/models/diagnostics');
    if (answer.checks?.status !== 'computing') return answer;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('model checks never finished');
}

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
}, 600_000);

afterAll(async () => {
  await app?.close();
});

const DailyRow = z.object({ date: z.string(), value: z.number() });

const HistoryRow = z.object({ date: z.string(), value: z.number() });

const CountRow = z.object({ customers: z.number() });

describe('the Predictive Models endpoints', () => {
  it('answer "no run" and an empty history before any analysis, 401 without a session', async () => {
    const newcomer = await app.signIn('newcomer@example.com', 'Nina');
    expect(await json('/api/models/diagnostics', newcomer)).toMatchObject({
      state: 'no_run',
      run: null,
      checks: null,
    });
    expect(await json('/api/models/runs', newcomer)).toEqual([]);
    for (const path of ['/api/models/diagnostics', '/api/models/runs'])
      expect((await app.request(path)).status).toBe(401);
  });

  it("show the latest run's fits from its stored diagnostics, and the run history", async () => {
    const [stored] = await queryRows(
      app.db,
      StoredRun,
      sql`SELECT id, diagnostics, forecast_accuracy FROM analysis_runs WHERE status = 'succeeded'
          ORDER BY finished_at DESC LIMIT 1`,
    );
    const answer = await json<ModelDiagnostics>('/api/models/diagnostics');
    expect(answer.state).toBe('ready');
    expect(answer.run?.id).toBe(stored!.id);
    expect(answer.currency).toBe('USD');
    expect(answer.forecast?.model).toBe(stored!.forecast_accuracy.model);
    expect(answer.forecast?.backtest.model?.wape).toBe(stored!.forecast_accuracy.accuracy.wape);
    expect(answer.forecast?.backtest.seasonalNaive?.mase).toBe(stored!.forecast_accuracy.seasonalNaive.mase);
    const lifetime = stored!.diagnostics.lifetime;
    expect(answer.lifetime).toMatchObject({
      status: 'fitted',
      repeatCustomers: lifetime.repeatCustomers,
      customers: stored!.diagnostics.customers,
      minimum: 200,
      bgnbd: {
        r: lifetime.bgnbd.r,
        alpha: lifetime.bgnbd.alpha,
        logLikelihood: lifetime.bgnbd.logLikelihood,
      },
      gammaGamma: { p: lifetime.gammaGamma.p, q: lifetime.gammaGamma.q },
    });
    const gg = lifetime.gammaGamma;
    // An estimate on the wire as money: p·γ/(q − 1) rounded to the cent.
    expect(answer.lifetime?.gammaGamma?.meanSpend).toMatch(/^\d+\.\d{2}$/);
    expect(
      Math.abs(Number(answer.lifetime?.gammaGamma?.meanSpend) - (gg.p * gg.gamma) / (gg.q - 1)),
    ).toBeLessThanOrEqual(0.005);

    const runs = await json<ModelRun[]>('/api/models/runs');
    expect(runs.length).toBeGreaterThan(0);
    expect(runs[0]).toMatchObject({
      id: stored!.id,
      status: 'succeeded',
      opportunities: stored!.diagnostics.candidates,
    });
    expect(runs[0]!.durationMs).toBeGreaterThan(0);
  }, 240_000);

  it('checks the models against the warehouse: holdout forecast, frequency and calibration', async () => {
    const answer = await diagnosticsWithChecks();
    const checks = answer.checks!;
    expect(checks.status, checks.error ?? '').toBe('ready');

    // Holdout: the last 28 days before asOf, actual revenue as the warehouse has it.
    const holdout = checks.holdout!;
    expect(holdout.points).toHaveLength(28);
    expect(holdout.origins).toBe(4);
    const [first, last] = [holdout.points[0]!.date, holdout.points.at(-1)!.date];
    expect(last).toBe(answer.run!.asOf);
    const daily = await queryRows(
      app.db,
      DailyRow,
      sql`SELECT date, sum(v)::float8 AS value FROM (
            SELECT order_date::text AS date, total_minor AS v FROM wh_orders
            WHERE NOT test AND cancelled_at IS NULL AND order_date BETWEEN ${first}::date AND ${last}::date
            UNION ALL SELECT refund_date::text, -amount_minor FROM wh_refunds
            WHERE refund_date BETWEEN ${first}::date AND ${last}::date) d GROUP BY date`,
    );
    // The warehouse keeps cents; the checks report dollars, as the run's forecast does.
    const actual = new Map(daily.map((d) => [d.date, Number(d.value) / 100]));
    for (const p of holdout.points) {
      expect(p.actual, p.date).toBeCloseTo(actual.get(p.date) ?? 0, 6);
      expect(p.lo95).toBeLessThanOrEqual(p.lo80);
      expect(p.hi80).toBeLessThanOrEqual(p.hi95);
    }
    // …and the same days as the run's own history (what the dashboard's forecast chart shows).
    const history = await queryRows(
      app.db,
      HistoryRow,
      sql`SELECT date::text AS date, value FROM analysis_forecast_points
          WHERE run_id = ${answer.run!.id} AND kind = 'history' AND date >= ${first}::date`,
    );
    expect(history).toHaveLength(28);
    for (const h of history)
      expect(holdout.points.find((p) => p.date === h.date)?.actual, h.date).toBeCloseTo(h.value, 6);
    expect(holdout.model.coverage80).toBeGreaterThanOrEqual(0);
    expect(holdout.model.coverage95).toBeGreaterThanOrEqual(holdout.model.coverage80!);
    expect(holdout.seasonalNaive.wape).toBeGreaterThan(0);

    // Frequency: every customer counted once; the BG/NBD expectation adds up to the same customers.
    const [counts] = await queryRows(
      app.db,
      CountRow,
      sql`SELECT count(DISTINCT customer_id)::int AS customers FROM wh_orders
          WHERE NOT test AND cancelled_at IS NULL AND customer_id IS NOT NULL AND order_date <= ${answer.run!.asOf}::date`,
    );
    const frequency = checks.frequency!;
    const observed = frequency.reduce((s, r) => s + r.observed, 0);
    expect(observed).toBe(counts!.customers);
    expect(frequency.reduce((s, r) => s + r.expected, 0)).toBeCloseTo(observed, 3);
    expect(observed - frequency[0]!.observed).toBe(answer.lifetime!.repeatCustomers);

    // Pareto/NBD on the same customers; calibration predicts the holdout's repeat purchases.
    expect(checks.paretoNbd).toMatchObject({ customers: counts!.customers, converged: true });
    const calibration = checks.calibration!;
    expect(calibration.holdoutDays).toBe(91);
    expect(calibration.actualTotal).toBeGreaterThan(0);
    // A sound model predicts the holdout total within a factor of 1.5 (seeded store: a regression check).
    expect(calibration.predictedTotal / calibration.actualTotal).toBeGreaterThan(1 / 1.5);
    expect(calibration.predictedTotal / calibration.actualTotal).toBeLessThan(1.5);
    expect(calibration.rows.reduce((s, r) => s + r.customers, 0)).toBe(calibration.customers);

    // Stored once: a second read answers the same checks.
    expect((await json<ModelDiagnostics>('/api/models/diagnostics')).checks).toEqual(checks);
  }, 240_000);

  it("never shows one workspace's runs to another", async () => {
    const outsider = await app.signIn('outsider@example.com', 'Otto');
    expect(await json('/api/models/diagnostics', outsider)).toMatchObject({ state: 'no_run' });
    expect(await json('/api/models/runs', outsider)).toEqual([]);
  });
});
