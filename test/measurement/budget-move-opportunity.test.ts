import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar.ts';
import { MmmAnswerSchema, PlanAnswerSchema } from '../../src/shared/contracts/measurement.ts';
import { type Opportunity, OpportunityListSchema } from '../../src/shared/contracts/opportunities.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * The budget planner's best move as an opportunity (issue #41 item 3, decision 129) on the demo
 * store synced through its emulators and analysed. The demo plants no causal ad effect (decision
 * 111), so its truth is "no move earns anything": the run must not offer one unless the fitted
 * model is sure of a gain, and whatever it offers must be the planner's own answer on the same fit.
 */
let app: DemoTestApp;
let owner: string;
let list: Opportunity[];

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp());
  const response = await app.request('/api/opportunities', { cookie: owner });
  expect(response.status).toBe(200);
  list = OpportunityListSchema.parse(await response.json());
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('the budget-move opportunity on the demo', () => {
  it('offers no move on a store whose ads cause nothing, although the planner on the same fit would move money', async () => {
    const moves = list.filter((o) => o.type === 'reallocate_ad_budget');
    const asOf = app.demo.store.meta.daily
      .map((d) => d.day)
      .sort()
      .at(-1)!;
    const range = { from: addDays(asOf, -363), to: asOf };
    const mmm = await app.request(`/api/measurement/mmm?from=${range.from}&to=${range.to}`, {
      cookie: owner,
    });
    const model = MmmAnswerSchema.parse(await mmm.json());
    const current = model.channels.reduce((s, c) => s + Number(c.currentWeeklySpend), 0);
    const planResponse = await app.request('/api/measurement/plan', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...range, budget: String(current) }),
    });
    const plan = PlanAnswerSchema.parse(await planResponse.json());
    // The demo's ad channels, all fitted: the model is not too thin, so the gate is the interval.
    expect(model.channels.map((c) => c.name).sort()).toEqual(['Google Ads', 'Meta', 'TikTok Ads']);
    expect(model.thin ?? null).toBeNull();
    expect(plan.moves.length).toBeGreaterThan(0);
    // Decision 111: no channel's spend causes any order, so no move truly earns anything.
    expect(
      moves,
      moves.map((o) => `${o.title} ${o.profitImpactMin}…${o.profitImpactMax}`).join('; '),
    ).toEqual([]);
  });
});
