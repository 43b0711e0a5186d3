import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { costOnDay } from '../../src/demo/profit/plan.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { catalogue, enqueue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { localDayOf } from '../../src/shared/calendar.ts';
import type {
  CostSettingsResponse,
  CsvImportResponse,
  CsvRejected,
} from '../../src/shared/contracts/costs.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * The cost ledger end to end: connecting the demo store enters the owner's cost history before the
 * backfill, so every synced line freezes the planted cost in force on its order day; a Shopify cost
 * change seen later opens a period without touching old lines; a recalculation re-prices exactly the
 * lines in its range and leaves an audit entry; a costs CSV is stored whole or refused whole.
 */

let app: DemoTestApp;
let owner: string;
let workspaceId: string;

const Line = z.object({
  lineItemId: z.string(),
  variantId: z.number(),
  day: z.string(),
  cost: z.number().nullable(),
  source: z.string().nullable(),
});

const readLines = () =>
  queryRows(
    app.db,
    Line,
    sql`SELECT line_item_id::text AS "lineItemId", variant_id::float8 AS "variantId", order_date::text AS day,
          unit_cost_minor::float8 AS cost, cost_source AS source
        FROM wh_order_line_items WHERE workspace_id = ${workspaceId} AND variant_id IS NOT NULL ORDER BY line_item_id`,
  );
const LedgerCountRow = z.object({ n: z.number() });

const ledgerCount = async () =>
  (
    await queryRows(
      app.db,
      LedgerCountRow,
      sql`SELECT count(*)::int AS n FROM wh_cost_ledger WHERE workspace_id = ${workspaceId}`,
    )
  )[0]!.n;

const postCsv = (path: string, csv: string) =>
  app.request(path, { method: 'POST', cookie: owner, headers: { 'content-type': 'text/csv' }, body: csv });

beforeAll(async () => {
  // The seed-11 store synced, without its storefront's journeys or an analysis (a `-bare-synced`
  // template, decision 252): the ledger, the lines' frozen costs and the recalculations read neither.
  ({ app, owner, workspaceId } = await startConnectedDemoApp(11, {}, 'small', {
    storefront: false,
    analysis: false,
  }));
}, 600_000);

afterAll(async () => {
  await app?.close();
});

const PeriodRow = z.object({ day: z.string(), cost: z.number() });

describe('cost ledger', () => {
  it('freezes on every line the planted cost in force on its order day', async () => {
    const plan = app.demo.store.profit;
    const indexOf = new Map(app.demo.store.variants.map((variant) => [variant.legacyId, variant.index]));
    const lines = await readLines();
    expect(lines.length).toBeGreaterThan(100);
    const changedVariants = new Set<number>();
    for (const line of lines) {
      const index = indexOf.get(line.variantId)!;
      expect({ id: line.lineItemId, cost: line.cost }).toEqual({
        id: line.lineItemId,
        cost: costOnDay(plan, index, line.day),
      });
      expect(line.source).toBe('import');
      if (plan.costHistory[index]!.length > 1) changedVariants.add(line.variantId);
    }
    // The planted history changes cost on sold variants, so this checks more than one price per variant.
    expect(changedVariants.size).toBeGreaterThan(0);
  });

  it('opens a Shopify period on the day a changed unit cost is first seen, leaving old lines alone', async () => {
    const before = await readLines();
    const variant = app.demo.store.variants.find((v) =>
      before.some((line) => line.variantId === v.legacyId),
    )!;
    // The emulator serves the planted cost in force on its clock: raise the current period's cost.
    const current = app.demo.store.profit.costHistory[variant.index]!.at(-1)!;
    current.costMinor += 123;
    const now = new Date(Date.now() + 2 * 86_400_000);
    app.server.deps.clock = () => now;
    await enqueue(app.db, catalogue.syncShopify, { workspaceId, reason: 'manual' }, { now });
    await runJobsUntilIdle(app.server.deps);
    const periods = await queryRows(
      app.db,
      PeriodRow,
      sql`SELECT effective_from::text AS day, cost_minor::float8 AS cost FROM wh_cost_ledger
          WHERE workspace_id = ${workspaceId} AND variant_id = ${variant.legacyId} AND source = 'shopify'
          ORDER BY effective_from`,
    );
    expect(periods.at(-1)).toEqual({
      day: localDayOf(now, app.demo.store.shop.ianaTimezone),
      cost: current.costMinor,
    });
    expect(periods.length).toBe(2);
    expect(await readLines()).toEqual(before);
  }, 300_000);

  it('recalculates exactly the lines in the range and records who, when and how many', async () => {
    const before = await readLines();
    const target = before[Math.floor(before.length / 2)]!;
    const days = [...new Set(before.map((line) => line.day))].sort();
    const from = days[Math.floor(days.length / 4)]!;
    const to = days[Math.floor((days.length * 3) / 4)]!;
    const effectiveFrom = [target.day, from].sort()[0]!;
    const entry = await app.request('/api/costs/entries', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variantId: String(target.variantId), cost: '999.99', effectiveFrom }),
    });
    expect(entry.status).toBe(200);
    // An edit alone changes no frozen cost.
    expect(await readLines()).toEqual(before);
    const started = await app.request('/api/costs/recalculations', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, to }),
    });
    expect(started.status).toBe(202);
    await runJobsUntilIdle(app.server.deps);
    const after = await readLines();
    // The owner's entry wins from its day until the variant's next planted (imported) period starts.
    const index = app.demo.store.variants.find((v) => v.legacyId === target.variantId)!.index;
    const history = app.demo.store.profit.costHistory[index]!;
    const expected = before.filter(
      (line) =>
        line.variantId === target.variantId &&
        line.day >= from &&
        line.day <= to &&
        line.day >= effectiveFrom &&
        !history.some((period) => period.effectiveFrom > effectiveFrom && period.effectiveFrom <= line.day),
    );
    expect(expected.length).toBeGreaterThan(0);
    const changed = after.filter(
      (line, index) => line.cost !== before[index]!.cost || line.source !== before[index]!.source,
    );
    expect(changed.map((line) => line.lineItemId)).toEqual(expected.map((line) => line.lineItemId));
    for (const line of changed)
      expect({ cost: line.cost, source: line.source }).toEqual({ cost: 99_999, source: 'manual' });
    const settings = (await (
      await app.request('/api/costs/settings', { cookie: owner })
    ).json()) as CostSettingsResponse;
    const run = settings.recalculations[0]!;
    expect(run).toMatchObject({
      from,
      to,
      status: 'succeeded',
      linesChanged: expected.length,
      linesDone: run.linesTotal,
    });
    expect(run.requestedBy).toBe('Olive');
    const inRange = before.filter((line) => line.day >= from && line.day <= to).length;
    expect(run.linesTotal).toBeGreaterThanOrEqual(inRange);
    // The audit log has the edit (variant, old and new cost, effective day) and the recalculation
    // (who, when, lines changed) — issue #36.
    const log = (await (await app.request('/api/audit-log?limit=20', { cookie: owner })).json()) as {
      entries: Array<{ action: string; actor: string | null; at: string; details: Record<string, unknown> }>;
    };
    const edit = log.entries.find((e) => e.action === 'costs.changed');
    const oldCost = history.filter((period) => period.effectiveFrom <= effectiveFrom).at(-1);
    expect(edit).toMatchObject({
      actor: 'owner@example.com',
      details: {
        variantId: String(target.variantId),
        newCost: '999.99',
        effectiveFrom,
        oldCost: oldCost ? (oldCost.costMinor / 100).toFixed(2) : null,
      },
    });
    const recalculated = log.entries.find((e) => e.action === 'costs.recalculated');
    expect(recalculated).toMatchObject({
      actor: 'owner@example.com',
      details: { from, to, linesChanged: expected.length, linesRecalculated: run.linesTotal },
    });
    expect(Date.parse(recalculated!.at)).toBeGreaterThanOrEqual(Date.parse(edit!.at));
  }, 300_000);
});

describe('costs CSV import', () => {
  it('stores every row of a good file and lists unknown SKUs without failing', async () => {
    const variant = app.demo.store.variants[0]!;
    const count = await ledgerCount();
    const response = await postCsv(
      '/api/costs/import?fileName=costs.csv',
      `sku,cost,effective_from,currency\n${variant.sku},12.34,2024-02-01,${app.demo.store.shop.currencyCode}\nNO-SUCH-SKU,1.00,2024-02-01,\n`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as CsvImportResponse;
    expect(body.stored).toBe(app.demo.store.variants.filter((v) => v.sku === variant.sku).length);
    expect(body.unknown).toEqual([{ row: 3, value: 'SKU NO-SUCH-SKU', stored: false }]);
    expect(await ledgerCount()).toBe(count + body.stored);
    const exported = await (await app.request('/api/costs/export', { cookie: owner })).text();
    expect(exported).toContain(`${variant.legacyId},${variant.sku},12.34,2024-02-01`);
  });

  it.each([
    ['a negative cost', 'sku,cost,effective_from\nA,-5,2024-01-01\n', 'cost', 'negative'],
    ['a cost that is not a number', 'sku,cost,effective_from\nA,abc,2024-01-01\n', 'cost', 'not a number'],
    [
      'another currency',
      'sku,cost,effective_from,currency\nA,5,2024-01-01,XYZ\n',
      'currency',
      "shop's currency",
    ],
    [
      'a date before 2000',
      'sku,cost,effective_from\nA,5,1999-12-31\n',
      'effective_from',
      'outside 2000-01-01 to 2100-12-31',
    ],
    ['a date after 2100', 'sku,cost,effective_from\nA,5,2101-01-01\n', 'effective_from', 'outside'],
    ['a malformed date', 'sku,cost,effective_from\nA,5,2024-02-30\n', 'effective_from', 'not a date'],
  ])(
    'refuses a file with %s, naming the row and column, and stores nothing',
    async (_name, bad, column, words) => {
      const variant = app.demo.store.variants[1]!;
      const count = await ledgerCount();
      const csv = `${bad}${variant.sku},7.00,2024-03-01\n`.replace('\nA,', `\n${variant.sku},`);
      const response = await postCsv('/api/costs/import', csv);
      expect(response.status).toBe(400);
      const body = (await response.json()) as CsvRejected;
      expect(body.code).toBe('csv_invalid');
      expect(body.errors).toEqual([{ row: 2, column, message: expect.stringContaining(words) }]);
      expect(body.message).toContain(`row 2, ${column}`);
      expect(await ledgerCount()).toBe(count);
    },
  );

  it('reports at most 50 bad rows of a long bad file', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `X${i},-1,2024-01-01`).join('\n');
    const response = await postCsv('/api/costs/import', `sku,cost,effective_from\n${rows}\n`);
    const body = (await response.json()) as CsvRejected;
    expect([response.status, body.errorCount, body.errors.length]).toEqual([400, 120, 50]);
  });
});
