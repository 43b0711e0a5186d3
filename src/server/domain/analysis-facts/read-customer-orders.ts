import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { sortCustomerDays } from '../../../core/ledger/sort-customer-days.ts';
import type { CustomerLedger } from '../../../core/ledger/to-customer-ledger.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

const CustomerOrdersRow = z.object({
  customer_id: z.string(),
  /** The customer's orders as `day total` pairs joined by commas (day: days since 1970-01-01, total in minor units). */
  orders: z.string().regex(/^-?\d+ -?\d+(,-?\d+ -?\d+)*$/),
});

/**
 * The customers' valid orders as the analysis ledger: per customer, each order's shop-local day
 * and gross total in major units (minor ÷ `unit`), days ascending. Why one row per customer with
 * its orders packed in a string: a million rows of three fields cost the worker far more to
 * receive and parse (and to collect afterwards) than a hundred thousand rows of two (decision
 * 083). The rows are kept packed per customer (wh_fact_customer_orders, refreshed with the other
 * facts, decision 084). The pairs come unordered (ordering them in SQL sorted a million rows) and
 * are ordered here.
 */
export async function readCustomerOrders(db: Db, workspaceId: string, unit: number): Promise<CustomerLedger> {
  const rows = await queryRows(
    db,
    CustomerOrdersRow,
    sql`SELECT customer_id::text AS customer_id, orders FROM wh_fact_customer_orders
        WHERE workspace_id = ${workspaceId}`,
  );
  let n = 0;
  const lists = rows.map((row) => {
    const pairs = row.orders.split(',');
    n += pairs.length;
    return pairs;
  });
  const customerIds: string[] = new Array(rows.length);
  const start = new Int32Array(rows.length + 1);
  const day = new Int32Array(n);
  const amount = new Float64Array(n);
  let j = 0;
  for (let c = 0; c < rows.length; c += 1) {
    customerIds[c] = rows[c]!.customer_id;
    const from = j;
    let sorted = true;
    for (const pair of lists[c]!) {
      const space = pair.indexOf(' ');
      day[j] = Number(pair.slice(0, space));
      amount[j] = Number(pair.slice(space + 1)) / unit;
      if (j > from && day[j - 1]! > day[j]!) sorted = false;
      j += 1;
    }
    if (!sorted) sortCustomerDays(day, amount, from, j);
    start[c + 1] = j;
  }
  return { customerIds, start, day, amount };
}
