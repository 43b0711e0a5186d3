import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { analysisCustomers } from '../../../db/schema/analysis.ts';
import { whCustomers } from '../../../db/schema/warehouse.ts';
import { defineExportDataset, type ExportContext, estimateCell, moneyCell } from '../export-dataset.ts';
import { shopDayOf, withinWindow } from '../export-window.ts';

const c = whCustomers;
const a = analysisCustomers;

function selectPage(db: Db, context: ExportContext, afterId: number | null, limit: number) {
  const createdDay = shopDayOf(c.createdAt, context);
  return db
    .select({
      customerId: c.customerId,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      createdDay,
      numberOfOrders: c.numberOfOrders,
      amountSpentMinor: c.amountSpentMinor,
      currency: sql<string | null>`coalesce(${c.currencyCode}, ${context.currency})`,
      segment: a.segment,
      recencyDays: a.recencyDays,
      frequency: a.frequency,
      monetary: a.monetary,
      probabilityAlive: a.probabilityAlive,
      expectedOrders12m: a.expectedOrders12m,
      clv12m: a.clv12m,
    })
    .from(c)
    .leftJoin(
      a,
      and(
        eq(a.runId, sql`${context.latestRunId}::uuid`),
        eq(a.workspaceId, c.workspaceId),
        eq(a.customerId, c.customerId),
      ),
    )
    .where(
      and(
        eq(c.workspaceId, context.workspaceId),
        withinWindow(createdDay, context),
        afterId === null ? undefined : gt(c.customerId, afterId),
      ),
    )
    .orderBy(asc(c.customerId))
    .limit(limit);
}

/**
 * Customers created in the window, with their RFM segment, churn probability and 12-month CLV from
 * the latest succeeded analysis (empty when no run has scored them).
 */
export const dataset = defineExportDataset<Awaited<ReturnType<typeof selectPage>>[number]>({
  personalData: true,
  description:
    'One row per customer created in the window, with RFM segment, churn probability and 12-month CLV from the latest analysis.',
  columns: [
    'customer_id',
    'first_name',
    'last_name',
    'email',
    'created_day',
    'shopify_orders',
    'amount_spent',
    'currency',
    'segment',
    'recency_days',
    'frequency',
    'monetary',
    'probability_alive',
    'churn_probability',
    'expected_orders_12m',
    'clv_12m',
  ],
  page: (db, context, after, limit) => selectPage(db, context, after?.customerId ?? null, limit),
  record: (row) => [
    row.customerId,
    row.firstName,
    row.lastName,
    row.email,
    row.createdDay,
    row.numberOfOrders,
    row.currency === null ? null : moneyCell(row.amountSpentMinor, row.currency),
    row.currency,
    row.segment,
    row.recencyDays,
    row.frequency,
    estimateCell(row.monetary, row.currency),
    row.probabilityAlive,
    row.probabilityAlive === null ? null : 1 - row.probabilityAlive,
    row.expectedOrders12m,
    estimateCell(row.clv12m, row.currency),
  ],
});
