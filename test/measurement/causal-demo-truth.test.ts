import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { command as lift } from '../../src/cli/commands/lift.ts';
import { trueWeeklyContribution, trueWeeklyMoveGain } from '../../src/demo/generator/true-move-gain.ts';
import type { GroundTruth } from '../../src/demo/truth-model.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { type MmmAnswer, MmmAnswerSchema, PlanAnswerSchema } from '../../src/shared/contracts/measurement.ts';
import { OpportunityListSchema } from '../../src/shared/contracts/opportunities.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * The `causal` demo preset (issue #41 item 5, decision 136) connected through its emulators, synced
 * and analysed like any store: does what the Measurement surfaces say hold the truth it planted?
 * Each channel's true incremental ROAS against the model's 90 % interval, the planted geo lift
 * against `upside lift`'s read-out of the synced orders, and the budget move the analysis offers
 * against what the planted response curves say that move earns.
 */
let app: DemoTestApp;
let owner: string;
let workspaceId: string;
let truth: GroundTruth;
let model: MmmAnswer;
let range: { from: string; to: string };

// No journey is read here: the seed's template without the demo storefront (decision 211).
beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp(7, {}, 'causal', { storefront: false }));
  truth = app.demo.store.groundTruth;
  // The range the analysis fits for the budget move: 52 weeks up to the last day of data.
  const asOf = truth.endDate;
  range = { from: addDays(asOf, -363), to: asOf };
  const response = await app.request(`/api/measurement/mmm?from=${range.from}&to=${range.to}`, {
    cookie: owner,
  });
  expect(response.status).toBe(200);
  model = MmmAnswerSchema.parse(await response.json());
}, 600_000);

afterAll(async () => {
  await app?.close();
});

describe('the causal demo’s truth through the Measurement surfaces', () => {
  it('fits every planted channel: the ads’ total effect, and each true ROAS in its 90 % interval but Google’s', () => {
    expect(model.thin).toBeUndefined();
    const planted = truth.mmm!.channels;
    expect(model.channels.map((c) => c.name).sort()).toEqual(planted.map((c) => c.name).sort());
    const fitted = (name: string) => model.channels.find((x) => x.name === name)!;
    const said = planted
      .map((t) => {
        const c = fitted(t.name);
        return `${t.name}: true ROAS ${t.roas} (share ${t.contributionShare}) vs ${c.roas} [${c.roasLow}, ${c.roasHigh}] (share ${c.contributionShare})`;
      })
      .join('; ');
    // What every channel caused together over the fitted weeks, against the planted orders' net sales.
    const caused = planted.reduce((s, t) => s + t.netSalesMinor / 100, 0);
    const estimated = model.channels.reduce((s, c) => s + Number(c.contribution), 0);
    // Within 12 %: weighing in the logistic curve (decision 243, 77 % probable here) puts seed 7's
    // total 9–13 % above the caused net sales over sampler seeds 1–4 (Hill alone: 0–4 %).
    expect(Math.abs(estimated / caused - 1), `${estimated} vs ${caused}; ${said}`).toBeLessThan(0.12);
    const covered = planted.filter(
      (t) => fitted(t.name).roasLow <= t.roas && t.roas <= fitted(t.name).roasHigh,
    );
    // Seed 7's honest miss (decision 136): the fit gives Meta part of Google's effect, so Google's
    // true ROAS (3.69) lies above its interval (1.90 [0.63, 3.12]) while Meta’s and TikTok’s lie in theirs.
    expect(covered.map((t) => t.name).sort(), said).toEqual(['Meta', 'TikTok Ads']);
  });

  it('reads the planted geo lift out of the synced orders within its interval (upside lift)', async () => {
    const geo = truth.geoLift!;
    const orders = await queryRows(
      app.db,
      z.object({ name: z.string(), day: z.string(), total: z.string(), region: z.string().nullable() }),
      sql`SELECT name, order_date::text AS day, total_minor::text AS total, country_code AS region
          FROM wh_orders
          WHERE workspace_id = ${workspaceId} AND NOT test AND cancelled_at IS NULL
          ORDER BY order_date, name`,
    );
    const dir = await mkdtemp(join(tmpdir(), 'causal-lift-'));
    try {
      const ordersCsv = join(dir, 'orders.csv');
      const regionsCsv = join(dir, 'regions.csv');
      await writeFile(
        ordersCsv,
        [
          'order_id,customer_id,created_at,total',
          ...orders.map((o) => `${o.name},,${o.day},${Number(o.total) / 100}`),
        ].join('\n'),
      );
      await writeFile(
        regionsCsv,
        ['order_id,region', ...orders.filter((o) => o.region).map((o) => `${o.name},${o.region}`)].join('\n'),
      );
      let out = '';
      const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        out += String(chunk);
        return true;
      });
      let code: number;
      try {
        code = await lift.run([
          '--orders',
          ordersCsv,
          '--regions',
          regionsCsv,
          '--test-regions',
          geo.testRegions.join(','),
          '--start',
          geo.start,
          '--end',
          geo.end,
          '--json',
        ]);
      } finally {
        write.mockRestore();
      }
      expect(code).toBe(0);
      const result = JSON.parse(out) as { lift: number; liftLow: number; liftHigh: number; pValue: number };
      const said = `planted ${geo.lift} (realised ${geo.realisedLift}) vs ${JSON.stringify(result)}`;
      expect(result.liftLow, said).toBeLessThanOrEqual(geo.realisedLift);
      expect(result.liftHigh, said).toBeGreaterThanOrEqual(geo.realisedLift);
      expect(result.liftLow, said).toBeLessThanOrEqual(geo.lift);
      expect(result.liftHigh, said).toBeGreaterThanOrEqual(geo.lift);
      expect(result.pValue, said).toBeLessThan(0.1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('offers a budget move only where the planted curves say it pays (seed 7: the truth’s move is missed)', async () => {
    const moves = OpportunityListSchema.parse(
      await (await app.request('/api/opportunities', { cookie: owner })).json(),
    ).filter((o) => o.type === 'reallocate_ad_budget');
    const budget = model.channels.reduce((s, c) => s + Number(c.currentWeeklySpend), 0);
    const planned = PlanAnswerSchema.parse(
      await (
        await app.request('/api/measurement/plan', {
          method: 'POST',
          cookie: owner,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...range, budget: budget.toFixed(2) }),
        })
      ).json(),
    );
    const margin = planned.margin!;
    // Contribution a week under the planted curves, at the store's margin (src/demo's truth, not the model).
    const trueWeekly = (name: string, weeklySpend: number) =>
      trueWeeklyContribution(truth.mmm!, name, weeklySpend, margin);
    const current = (name: string) => Number(model.channels.find((c) => c.name === name)!.currentWeeklySpend);
    const moveGain = (from: string, to: string, amount: number) =>
      trueWeeklyMoveGain(truth.mmm!, { from, to, amount }, current, margin);
    const planGain = planned.channels.reduce(
      (s, c) => s + trueWeekly(c.name, Number(c.planned)) - trueWeekly(c.name, Number(c.current)),
      0,
    );
    const said = `offered ${moves.map((o) => o.title).join('; ') || 'none'}; planner ${JSON.stringify(planned.channels)}, model Δcontribution ${JSON.stringify(planned.expectedContributionChange)}, truly ${planGain.toFixed(2)} a week; margin ${margin}`;
    for (const move of moves) {
      const [, amount, from, to] = /^Move \$([\d,.]+) from (.+) to (.+) each week$/.exec(move.title)!;
      const gain = moveGain(from!, to!, Number(amount!.replace(/,/g, '')));
      expect(gain, `${move.title}: true weekly contribution change ${gain.toFixed(2)}`).toBeGreaterThan(0);
    }
    // The truth says moving money from TikTok (true ROAS below 1) into Google (the best) pays.
    const step = Math.min(100, current('TikTok Ads'));
    expect(moveGain('TikTok Ads', 'Google Ads', step), said).toBeGreaterThan(0);
    // Seed 7's honest miss (decision 136): the fit underrates Google (see the first test), so its
    // best move's contribution interval straddles zero and the gate offers nothing.
    expect(moves, said).toEqual([]);
    expect(Number(planned.expectedContributionChange?.low ?? 0), said).toBeLessThanOrEqual(0);
  });
});
