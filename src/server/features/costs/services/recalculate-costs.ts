import { sql } from 'drizzle-orm';
import { resolveUnitCost } from '../../../../core/costs/resolve-unit-cost.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { type UpsertRow, upsertRows } from '../../../jobs/sync/upsert-rows.ts';
import { type CostBook, loadCostBook } from '../queries/load-cost-book.ts';
import { priceOrderRows, SHIPPING_COST_SPEC } from './price-order-rows.ts';

/** Orders per step: each step reads their lines, re-prices them and commits with the progress. */
const ORDERS_PER_STEP = 10_000;

interface LineRow {
  lineItemId: number;
  orderId: number;
  variantId: number | null;
  day: string;
  priceMinor: number;
  quantity: number;
  costMinor: number | null;
  source: string | null;
  estimated: boolean;
}

const arrayOf = (values: readonly (string | number | boolean | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : typeof value === 'string' ? `"${value}"` : String(value))).join(',')}}`;

/**
 * One step: re-prices the lines of `orders` from the cost book, writes the lines whose frozen
 * cost changed and replaces the orders' profile shipping rows. Returns lines read, lines changed
 * and the COGS change (Σ (new − old) × quantity).
 */
async function recalculateOrders(
  db: Db,
  workspaceId: string,
  book: CostBook,
  orders: readonly { orderId: number; day: string; country: string | null }[],
): Promise<{ lines: number; changed: number; deltaMinor: number }> {
  const ids = arrayOf(orders.map((order) => order.orderId));
  const lines = await queryRows<LineRow>(
    db,
    sql`SELECT line_item_id::float8 AS "lineItemId", order_id::float8 AS "orderId", variant_id::float8 AS "variantId",
          order_date::text AS day, unit_price_minor::float8 AS "priceMinor", quantity,
          unit_cost_minor::float8 AS "costMinor", cost_source AS source, cost_estimated AS estimated
        FROM wh_order_line_items WHERE workspace_id = ${workspaceId} AND order_id = ANY(${ids}::bigint[])`,
  );
  const changed: { id: number; cost: number | null; source: string | null; estimated: boolean }[] = [];
  let deltaMinor = 0;
  for (const line of lines) {
    const cost = resolveUnitCost(
      line.variantId === null ? undefined : book.periods.get(line.variantId),
      line.day,
      line.priceMinor,
      book.marginE4,
    );
    const next = cost ?? { unitCostMinor: null, source: null, estimated: false };
    if (
      next.unitCostMinor === line.costMinor &&
      next.source === line.source &&
      next.estimated === line.estimated
    )
      continue;
    changed.push({
      id: line.lineItemId,
      cost: next.unitCostMinor,
      source: next.source,
      estimated: next.estimated,
    });
    deltaMinor += ((next.unitCostMinor ?? 0) - (line.costMinor ?? 0)) * line.quantity;
  }
  if (changed.length > 0)
    await db.execute(
      sql`UPDATE wh_order_line_items l
          SET unit_cost_minor = u.cost, cost_source = u.source, cost_estimated = u.estimated
          FROM unnest(${arrayOf(changed.map((c) => c.id))}::bigint[], ${arrayOf(changed.map((c) => c.cost))}::bigint[],
                      ${arrayOf(changed.map((c) => c.source))}::text[], ${arrayOf(changed.map((c) => c.estimated))}::boolean[])
            AS u(id, cost, source, estimated)
          WHERE l.workspace_id = ${workspaceId} AND l.line_item_id = u.id`,
    );
  const orderRows: UpsertRow[] = orders.map((order) => ({
    workspace_id: workspaceId,
    order_id: order.orderId,
    order_date: order.day,
    country_code: order.country,
  }));
  const lineRows: UpsertRow[] = lines.map((line) => ({
    order_id: line.orderId,
    variant_id: line.variantId,
    quantity: line.quantity,
    order_date: line.day,
    unit_price_minor: line.priceMinor,
  }));
  const shipping = priceOrderRows({ ...book, periods: new Map(), marginE4: null }, orderRows, lineRows);
  await db.execute(
    sql`DELETE FROM wh_order_shipping_costs
        WHERE workspace_id = ${workspaceId} AND source = 'profile' AND order_id = ANY(${ids}::bigint[])`,
  );
  await upsertRows(db, SHIPPING_COST_SPEC, shipping);
  return { lines: lines.length, changed: changed.length, deltaMinor };
}

/**
 * The recalculation job's work (decision 016): re-freezes the costs of every line whose order
 * day is in the run's range from today's ledger, and the profile shipping of those orders, a step
 * of orders at a time, each step committed with the run's progress and position, so a run whose
 * process died resumes after its last step (the job is retried). The finished row is the audit
 * entry (who asked, when, lines in range, lines changed, COGS change).
 */
export async function runCostRecalculation(
  db: Db,
  args: { workspaceId: string; recalculationId: number; now: () => Date; signal: AbortSignal },
): Promise<{ linesTotal: number; linesChanged: number }> {
  const { workspaceId, recalculationId: id } = args;
  const [run] = await queryRows<{
    from: string;
    to: string;
    status: string;
    doneDay: string | null;
    doneOrder: number | null;
    linesTotal: number;
    linesChanged: number;
  }>(
    db,
    sql`SELECT from_date::text AS "from", to_date::text AS "to", status, done_through_date::text AS "doneDay",
          done_through_order::float8 AS "doneOrder", lines_total::float8 AS "linesTotal",
          lines_changed::float8 AS "linesChanged"
        FROM cost_recalculations WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  if (!run) return { linesTotal: 0, linesChanged: 0 };
  // A run already 'running' belonged to a process that died: resume after its last committed step.
  const resumed = run.status === 'running';
  let after: { day: string; orderId: number } | null =
    resumed && run.doneDay !== null && run.doneOrder !== null
      ? { day: run.doneDay, orderId: run.doneOrder }
      : null;
  let linesTotal = run.linesTotal;
  let linesChanged = resumed ? run.linesChanged : 0;
  if (!resumed) {
    const [count] = await queryRows<{ lines: number }>(
      db,
      sql`SELECT count(*)::float8 AS lines FROM wh_orders o
          JOIN wh_order_line_items l ON l.workspace_id = o.workspace_id AND l.order_id = o.order_id
          WHERE o.workspace_id = ${workspaceId} AND o.order_date BETWEEN ${run.from} AND ${run.to}`,
    );
    linesTotal = count?.lines ?? 0;
    await db.execute(
      sql`UPDATE cost_recalculations SET status = 'running', started_at = ${args.now().toISOString()},
            lines_total = ${linesTotal}, lines_done = 0, lines_changed = 0, cost_delta_minor = 0, error = NULL,
            done_through_date = NULL, done_through_order = NULL
          WHERE workspace_id = ${workspaceId} AND id = ${id}`,
    );
  }
  const book = await loadCostBook(db, workspaceId);
  for (;;) {
    args.signal.throwIfAborted();
    const orders: { orderId: number; day: string; country: string | null }[] = await queryRows(
      db,
      sql`SELECT order_id::float8 AS "orderId", order_date::text AS day, country_code AS country FROM wh_orders
          WHERE workspace_id = ${workspaceId} AND order_date BETWEEN ${run.from} AND ${run.to}
            ${after ? sql`AND (order_date, order_id) > (${after.day}::date, ${after.orderId})` : sql``}
          ORDER BY order_date, order_id LIMIT ${ORDERS_PER_STEP}`,
    );
    if (orders.length === 0) break;
    const last = orders.at(-1)!;
    const step = await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const result = await recalculateOrders(tx, workspaceId, book, orders);
      await tx.execute(
        sql`UPDATE cost_recalculations SET lines_done = lines_done + ${result.lines},
              lines_changed = lines_changed + ${result.changed}, cost_delta_minor = cost_delta_minor + ${result.deltaMinor},
              done_through_date = ${last.day}, done_through_order = ${last.orderId}
            WHERE workspace_id = ${workspaceId} AND id = ${id}`,
      );
      return result;
    });
    linesChanged += step.changed;
    after = { day: last.day, orderId: last.orderId };
  }
  await db.execute(
    sql`UPDATE cost_recalculations SET status = 'succeeded', finished_at = ${args.now().toISOString()}
        WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  return { linesTotal, linesChanged };
}

/** Marks a run failed with its error (the job's last attempt failed). */
export async function failCostRecalculation(
  db: Db,
  workspaceId: string,
  id: number,
  error: string,
  now: Date,
) {
  await db.execute(
    sql`UPDATE cost_recalculations SET status = 'failed', error = ${error.slice(0, 500)}, finished_at = ${now.toISOString()}
        WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
}
