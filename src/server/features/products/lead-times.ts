import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LeadTime } from '../../../shared/contracts/products.ts';
import { LOW_STOCK_COVER_DAYS } from '../../../shared/metrics.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { notFound } from '../../errors.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { inTransaction } from '../../platform/session/members-store.ts';

const LeadTimeRow = z.object({ product_id: z.string(), days: z.number() });

/** The lead times the owner set, per product id (decision 112); a product not listed takes the default. */
export async function readLeadTimes(db: Db, workspaceId: string): Promise<Map<string, number>> {
  const rows = await queryRows(
    db,
    LeadTimeRow,
    sql`SELECT product_id::text AS product_id, lead_time_days AS days
        FROM product_lead_times WHERE workspace_id = ${workspaceId}`,
  );
  return new Map(rows.map((r) => [r.product_id, r.days]));
}

/** A product's lead time on the wire: its own, else the default. */
export function leadTimeOf(productId: string, days: number | undefined): LeadTime {
  return {
    productId,
    leadTimeDays: days ?? LOW_STOCK_COVER_DAYS,
    leadTimeSource: days === undefined ? 'default' : 'owner',
    defaultDays: LOW_STOCK_COVER_DAYS,
  };
}

const ProductRow = z.object({ title: z.string(), days: z.number().nullable() });

/**
 * PUT /api/products/:productId/lead-time: stores the owner's lead time of a synced product (null:
 * back to the default), records who changed it from what to what in the audit log in the same
 * transaction, and queues an analysis so the stock list, the stock alert and the restock
 * opportunity are judged with it (decision 112). An unknown product is 404, nothing stored.
 */
export async function setLeadTime(
  db: Db,
  principal: SessionPrincipal,
  productId: string,
  days: number | null,
  now: Date,
): Promise<LeadTime> {
  const { workspaceId } = principal;
  const [product] = await queryRows(
    db,
    ProductRow,
    sql`SELECT p.title, l.lead_time_days AS days FROM wh_products p
        LEFT JOIN product_lead_times l ON l.workspace_id = p.workspace_id AND l.product_id = p.product_id
        WHERE p.workspace_id = ${workspaceId} AND p.product_id = ${productId}::bigint`,
  );
  if (!product) throw notFound(`productId ${productId} is not a product of this store.`);
  await inTransaction(db, async (tx) => {
    if (days === null)
      await tx.execute(
        sql`DELETE FROM product_lead_times WHERE workspace_id = ${workspaceId} AND product_id = ${productId}::bigint`,
      );
    else
      await tx.execute(sql`
        INSERT INTO product_lead_times (workspace_id, product_id, lead_time_days, updated_by, updated_at)
        VALUES (${workspaceId}, ${productId}::bigint, ${days}, ${principal.userId}, ${now.toISOString()})
        ON CONFLICT (workspace_id, product_id) DO UPDATE SET lead_time_days = EXCLUDED.lead_time_days,
          updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`);
    await recordAudit(
      tx,
      {
        teamId: principal.teamId,
        storeId: workspaceId,
        actorUserId: principal.userId,
        action: 'products.lead-time-changed',
        target: product.title,
        details: {
          productId,
          oldLeadTimeDays: product.days,
          newLeadTimeDays: days,
          defaultDays: LOW_STOCK_COVER_DAYS,
        },
      },
      now,
    );
  });
  await enqueue(db, catalogue.analyzeWorkspace, { workspaceId }, { now });
  return leadTimeOf(productId, days ?? undefined);
}
