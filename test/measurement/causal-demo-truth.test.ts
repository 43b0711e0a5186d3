import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { command as lift } from '../../src/cli/commands/lift.ts';
import { hillSaturation } from '../../src/core/measurement/hill-saturation.ts';
import type { GroundTruth } from '../../src/demo/model.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { type MmmAnswer, MmmAnswerSchema } from '../../src/shared/contracts/measurement.ts';
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

beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp(7, {}, 'causal'));
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
  it('fits every planted channel, and each true incremental ROAS lies in its 90 % interval', () => {
    expect(model.thin).toBeUndefined();
    const planted = truth.mmm!.channels;
    expect(model.channels.map((c) => c.name).sort()).toEqual(planted.map((c) => c.name).sort());
    const rows = planted.map((t) => {
      const c = model.channels.find((x) => x.name === t.name)!;
      return `${t.name}: true ROAS ${t.roas} (share ${t.contributionShare}) vs ${c.roas} [${c.roasLow}, ${c.roasHigh}] (share ${c.contributionShare})`;
    });
    for (const t of planted) {
      const c = model.channels.find((x) => x.name === t.name)!;
      expect(c.roasLow, rows.join('; ')).toBeLessThanOrEqual(t.roas);
      expect(c.roasHigh, rows.join('; ')).toBeGreaterThanOrEqual(t.roas);
    }
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

  it('offers the budget move the planted curves say pays', async () => {
    const response = await app.request('/api/opportunities', { cookie: owner });
    expect(response.status).toBe(200);
    const moves = OpportunityListSchema.parse(await response.json()).filter(
      (o) => o.type === 'reallocate_ad_budget',
    );
    expect(moves.length, 'a move is offered').toBe(1);
    const move = moves[0]!;
    const [, amountText, from, to] = /^Move \$([\d,.]+) from (.+) to (.+) each week$/.exec(move.title)!;
    const amount = Number(amountText!.replace(/,/g, ''));
    // What the move earns under the planted curves, at the channels' steady spend of the last 13
    // weeks (what the planner starts from), in net sales a week at each channel's caused basket.
    const weekly = (name: string, perDay: number) => {
      const t = truth.mmm!.channels.find((c) => c.name === name)!;
      const basket = t.netSalesMinor / 100 / t.orders;
      return 7 * t.effect * basket * hillSaturation(perDay, t.saturation.halfSaturation, t.saturation.shape);
    };
    const current = (name: string) =>
      Number(model.channels.find((c) => c.name === name)!.currentWeeklySpend) / 7;
    const gain =
      weekly(to!, current(to!) + amount / 7) -
      weekly(to!, current(to!)) +
      weekly(from!, Math.max(0, current(from!) - amount / 7)) -
      weekly(from!, current(from!));
    expect(gain, `${move.title}: true weekly net-sales change ${gain.toFixed(2)}`).toBeGreaterThan(0);
  });
});
