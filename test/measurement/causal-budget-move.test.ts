import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trueWeeklyMoveGain } from '../../src/demo/generator/true-move-gain.ts';
import type { GroundTruth } from '../../src/demo/truth-model.ts';
import { addDays } from '../../src/shared/calendar.ts';
import {
  MmmAnswerSchema,
  type PlanAnswer,
  PlanAnswerSchema,
} from '../../src/shared/contracts/measurement.ts';
import { type Opportunity, OpportunityListSchema } from '../../src/shared/contracts/opportunities.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * The positive end-to-end case of the budget move (issue #41 item 3, decision 152): the `causal`
 * demo preset at seed 16, connected through its emulators, synced and analysed. Its planted curves
 * say moving money from Meta into Google Ads (the best payer, decision 136) earns money, and here
 * the model's interval says so too, so the run offers the move. The test prices the offered move
 * under the planted curves, not the model's, and implements it. Seed 7 (causal-demo-truth.test.ts)
 * is the honest miss. Seed 16 was found by screening seeds 1–80 for an offered move under the app's
 * fit (Hill and logistic saturation weighed by evidence, decision 243, which lists what each offered
 * move truly earns); decision 152's seed 37 (TikTok Ads into Google Ads) offers nothing under it.
 */
const SEED = 16;
let app: DemoTestApp;
let owner: string;
let truth: GroundTruth;
let moves: Opportunity[];
let margin: number;
let current: (name: string) => number;
let planned: PlanAnswer;

// No journey is read here: the seed's template without the demo storefront (decision 211).
beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(SEED, {}, 'causal', { storefront: false }));
  truth = app.demo.store.groundTruth;
  const range = { from: addDays(truth.endDate, -363), to: truth.endDate };
  const model = MmmAnswerSchema.parse(
    await (
      await app.request(`/api/measurement/mmm?from=${range.from}&to=${range.to}`, { cookie: owner })
    ).json(),
  );
  current = (name) => Number(model.channels.find((c) => c.name === name)!.currentWeeklySpend);
  const budget = model.channels.reduce((s, c) => s + Number(c.currentWeeklySpend), 0);
  planned = PlanAnswerSchema.parse(
    await (
      await app.request('/api/measurement/plan', {
        method: 'POST',
        cookie: owner,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...range, budget: budget.toFixed(2) }),
      })
    ).json(),
  );
  margin = planned.margin!;
  moves = OpportunityListSchema.parse(
    await (await app.request('/api/opportunities', { cookie: owner })).json(),
  ).filter((o) => o.type === 'reallocate_ad_budget');
}, 600_000);

afterAll(async () => {
  await app?.close();
});

describe('a budget move that truly pays, offered and implemented on a synced store', () => {
  it('offers moving money from Meta to Google Ads, which the planted curves say earns it', () => {
    const said =
      moves.map((o) => `${o.title} ${o.profitImpactMin}…${o.profitImpactMax}`).join('; ') || 'none';
    expect(moves, said).toHaveLength(1);
    const [move] = moves;
    const [, amount, from, to] = /^Move \$([\d,.]+) from (.+) to (.+) each week$/.exec(move!.title)!;
    expect([from, to], said).toEqual(['Meta', 'Google Ads']);
    const a = Number(amount!.replace(/,/g, ''));
    const weekly = trueWeeklyMoveGain(truth.mmm!, { from: from!, to: to!, amount: a }, current, margin);
    // What the move truly earns, over the 30 days the opportunity prices, lies in its interval.
    const thirtyDays = (weekly * 30) / 7;
    expect(weekly, `${said}; truly ${weekly.toFixed(2)} a week at margin ${margin}`).toBeGreaterThan(0);
    // Wire amounts, exact decimal strings (decision 170): compared by value.
    expect(Number(move!.profitImpactMin), said).toBeGreaterThan(0);
    expect(Number(move!.profitImpactMin), `truly ${thirtyDays.toFixed(2)} in 30 days`).toBeLessThanOrEqual(
      thirtyDays,
    );
    expect(Number(move!.profitImpactMax), `truly ${thirtyDays.toFixed(2)} in 30 days`).toBeGreaterThanOrEqual(
      thirtyDays,
    );
  });

  it('the planner proposes the same move as robust to the carry-over assumption (decision 179)', () => {
    const [largest] = planned.moves;
    expect(largest, planned.carryOver?.summary).toMatchObject({
      from: 'Meta',
      to: 'Google Ads',
      pays: true,
      robust: true,
    });
    expect(planned.expectedContributionChange).not.toBeNull();
    if (planned.carryOver?.robust)
      expect(planned.carryOver.expectedContributionChange).toEqual(planned.expectedContributionChange);
  });

  it('implements it: the tracked baseline is recorded and the next run measures the change', async () => {
    const id = moves[0]!.id;
    const response = await app.request(`/api/opportunities/${id}/implement`, {
      method: 'POST',
      cookie: owner,
    });
    expect(response.status).toBe(200);
    const implemented = (await response.json()) as Opportunity;
    expect(implemented).toMatchObject({ id, status: 'implemented' });
    expect(implemented.baselineValue).toMatch(/^-?\d+\.\d{2}$/);
    const run = await app.request('/api/analysis/run', { method: 'POST', cookie: owner });
    expect(run.status).toBe(200);
    const after = OpportunityListSchema.parse(
      await (await app.request('/api/opportunities', { cookie: owner })).json(),
    ).find((o) => o.id === id)!;
    expect(after.status).toBe('implemented');
    // The same synced data, so the tracked 30-day revenue has not moved yet; it is measured.
    expect(after.realisedImpact).toBe('0.00');
    expect(after.measuredValue).toBe(implemented.baselineValue);
    expect(after.realisedMeasuredAt).toEqual(expect.any(String));
  }, 300_000);
});
