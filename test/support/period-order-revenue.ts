import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';

/**
 * The shop's order revenue (minor units) over shop days `from`–`to`, read straight from the
 * warehouse's orders (not test, not cancelled): the funnel tests' independent figure for a
 * report's revenue per session.
 */
export async function periodOrderRevenue(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<number> {
  const [total] = await queryRows(
    db,
    z.object({ revenue: z.coerce.number() }),
    sql`SELECT COALESCE(sum(total_minor), 0) AS revenue FROM wh_orders
      WHERE workspace_id = ${workspaceId}::uuid AND NOT test AND cancelled_at IS NULL
        AND order_date BETWEEN ${from}::date AND ${to}::date`,
  );
  return total!.revenue;
}
