import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ProfitExpense } from '../../../core/profit/expense-on-day.ts';
import type { ProfitDay } from '../../../core/profit/summarize-profit-days.ts';
import { EXPENSE_KINDS } from '../../../shared/contracts/demo-profit.ts';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sessions, teamMembers, workspaces } from '../../db/schema/index.ts';
import {
  liveSession,
  type SessionPrincipal,
  sessionTokenHash,
} from '../../platform/session/manage-sessions.ts';
import { memberOfStoreTeam, membershipColumns } from '../../platform/session/membership.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';

/**
 * The profit report's SQL: the warehouse version, shop and expenses, the daily rollup (rebuild and read).
 * Amounts come back as text (bigint sums never pass through a float) and are parsed as integers.
 */

export interface ProfitShop {
  currencyCode: string;
  currencyDigits: number;
  timeZone: string;
}

/** The rollup's versions: the warehouse's current one (null: no sync ever ran) and the built one. */
export interface RollupVersions {
  current: string | null;
  built: string | null;
}

/**
 * The version of everything the rollup reads, and the version it was last built at, as columns
 * `sync`, `settings` and `built`, for the workspace `workspace` (a value or a column). Every sync
 * commit moves a source's cursor and `updated_at`; the owner's fee rules apply at build time; a
 * shipping import or a recalculation rewrites frozen costs; an order or refund applied from a
 * webhook between syncs counts in `live_order_versions`; ad-platform spend (synced or imported) in
 * `wh_ad_platform_daily`'s campaign rows. Their digest changes whenever a fact
 * the rollup reads may have changed. (Expenses are applied per request, so they are not in it.)
 */
const versionColumns = (workspace: SQL) => sql`
  (SELECT md5(string_agg(source || updated_at::text || cursor::text, '|' ORDER BY source))
     FROM sync_states WHERE workspace_id = ${workspace}) AS sync,
  concat_ws('|',
    (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM payment_fee_rules
      WHERE workspace_id = ${workspace}),
    (SELECT coalesce(max(id), 0) FROM cost_imports WHERE workspace_id = ${workspace}),
    (SELECT count(*) || ':' || coalesce(max(finished_at)::text, '') FROM cost_recalculations
      WHERE workspace_id = ${workspace} AND status = 'succeeded'),
    (SELECT version FROM live_order_versions WHERE workspace_id = ${workspace}),
    (SELECT count(*) || ':' || coalesce(sum(spend_shop_minor), 0) || ':' || coalesce(max(synced_at)::text, '')
      FROM wh_ad_platform_daily WHERE workspace_id = ${workspace} AND ad_group_id = '')) AS settings,
  (SELECT version FROM profit_rollup_versions WHERE workspace_id = ${workspace}) AS built`;

const VersionRow = z.object({
  sync: z.string().nullable(),
  settings: z.string(),
  built: z.string().nullable(),
});
type VersionRow = z.infer<typeof VersionRow>;

const toVersions = (row: VersionRow | undefined): RollupVersions => ({
  current: row?.sync ? `${ROLLUP_FORMAT}/${row.sync}/${row.settings}` : null,
  built: row?.built ?? null,
});

export async function readRollupVersions(db: Db, workspaceId: string): Promise<RollupVersions> {
  const [row] = await queryRows(db, VersionRow, sql`SELECT ${versionColumns(sql`${workspaceId}`)}`);
  return toVersions(row);
}

/** Everything a report needs besides the rollup rows: the rollup's versions, the shop, the expenses. */
export interface ReportContext {
  versions: RollupVersions;
  shop: ProfitShop | null;
  /** Every expense the owner set, in id order (each is zero outside its own dates). */
  expenses: ProfitExpense[];
}

const ContextRow = VersionRow.extend({
  shop: z
    .object({ currency_code: z.string(), currency_digits: z.number(), iana_timezone: z.string() })
    .nullable(),
  expenses: z
    .array(
      z.object({
        kind: z.enum(EXPENSE_KINDS),
        amount_minor: z.string().nullable(),
        percent: z.string().nullable(),
        starts_on: z.string(),
        ends_on: z.string().nullable(),
      }),
    )
    .nullable(),
});
type ContextRow = z.infer<typeof ContextRow>;

/** The report context's columns for the workspace `workspace` (a value or a column), as ContextRow. */
const contextColumns = (workspace: SQL) => sql`${versionColumns(workspace)},
  (SELECT json_build_object('currency_code', currency_code, 'currency_digits', currency_digits,
      'iana_timezone', iana_timezone)
     FROM wh_shops WHERE workspace_id = ${workspace}) AS shop,
  (SELECT coalesce(json_agg(json_build_object('kind', kind, 'amount_minor', amount_minor::text,
      'percent', percent::text, 'starts_on', starts_on::text, 'ends_on', ends_on::text) ORDER BY id), '[]')
     FROM expenses WHERE workspace_id = ${workspace}) AS expenses`;

const toContext = (row: ContextRow | undefined): ReportContext => {
  const shop = row?.shop ?? null;
  return {
    versions: toVersions(row),
    shop: shop
      ? {
          currencyCode: shop.currency_code,
          currencyDigits: Number(shop.currency_digits),
          timeZone: shop.iana_timezone,
        }
      : null,
    expenses: (row?.expenses ?? []).map((e) => ({
      kind: e.kind,
      amountMinor: e.amount_minor === null ? null : Number(e.amount_minor),
      percent: e.percent,
      startsOn: e.starts_on,
      endsOn: e.ends_on,
    })),
  };
};

/**
 * The report context in one round trip (a request makes two queries, this and the rows, when its
 * answer is not kept; a signed-in request reads it with its session instead, below).
 */
export async function readReportContext(db: Db, workspaceId: string): Promise<ReportContext> {
  const [row] = await queryRows(db, ContextRow, sql`SELECT ${contextColumns(sql`${workspaceId}`)}`);
  return toContext(row);
}

/**
 * A live session's principal and its workspace's report context in one prepared query, so a
 * signed-in GET /api/profit whose answer is kept costs a single round trip to the database (the
 * session must still be read at every request: sign-out and expiry take effect at once).
 */
export async function findSessionWithReportContext(
  db: Db,
  token: string,
  now: Date,
): Promise<{ principal: SessionPrincipal; context: ReportContext } | null> {
  const [row] = await preparedOnce(db, SESSION_WITH_CONTEXT, sessionWithContextOf).execute({
    tokenHash: sessionTokenHash(token),
    now,
  });
  if (!row) return null;
  const { context, ...principal } = row;
  return { principal, context: toContext(ContextRow.parse(context)) };
}

const SESSION_WITH_CONTEXT = 'session_with_profit_context';

const sessionWithContextOf = (db: Db) =>
  db
    .select({
      userId: sessions.userId,
      workspaceId: sessions.workspaceId,
      ...membershipColumns,
      context: sql<unknown>`(SELECT row_to_json(c) FROM (SELECT ${contextColumns(sessionWorkspace)}) c)`,
    })
    .from(sessions)
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .innerJoin(teamMembers, memberOfStoreTeam(sessions.userId))
    .where(liveSession(sql.placeholder('tokenHash'), sql.placeholder('now')))
    .limit(1)
    .prepare(SESSION_WITH_CONTEXT);

/** The session row's workspace, always with its table (the subqueries have their own workspace_id). */
const sessionWorkspace = sql`${sessions}.${sql.identifier(sessions.workspaceId.name)}`;

/** Bumped when the rollup's definition changes, so rows built by an older release are rebuilt. */
const ROLLUP_FORMAT = 'v2';

/** Orders that count as sales (alias `o`, decision 010): not test, not cancelled. */
const saleOrder = sql`NOT o.test AND o.cancelled_at IS NULL`;

const BuiltRow = z.object({ version: z.string() });

/**
 * Replaces a workspace's rollup rows with sums over its warehouse facts (decision 010, line by
 * line below) and records `version`, in one transaction under a per-workspace advisory lock (a
 * second builder waits, then finds the version built and does nothing). Readers keep seeing the
 * previous rows until it commits. Fee rules are applied here, per transaction: PostgreSQL's
 * numeric round() is exact and rounds half away from zero, as decision 010 asks.
 */
export async function rebuildProfitDaily(db: Db, workspaceId: string, version: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`profit-rollup:${workspaceId}`}))`);
    const [built] = await queryRows(
      tx,
      BuiltRow,
      sql`SELECT version FROM profit_rollup_versions WHERE workspace_id = ${workspaceId}`,
    );
    if (built?.version === version) return false;
    await tx.execute(sql`DELETE FROM profit_daily WHERE workspace_id = ${workspaceId}`);
    await tx.execute(sql`
      INSERT INTO profit_daily (workspace_id, day, gross_sales_minor, discounts_minor, returns_minor,
        cogs_minor, cogs_estimated_minor, shipping_minor, payment_fees_minor, marketing_minor,
        sale_orders, units_sold, units_with_cost, shipping_charges_minor, taxes_minor)
      SELECT ${workspaceId}, day, sum(gross_sales), sum(discounts), sum(returns), sum(cogs),
        sum(cogs_estimated), sum(shipping), sum(payment_fees), sum(marketing), sum(sale_orders),
        sum(units_sold), sum(units_with_cost), sum(shipping_charges), sum(taxes)
      FROM (
        -- Orders, on the order day: discounts, the shipping cost (per-order import > shipping
        -- profile > the shipping charged), the order count, shipping charged and taxes (decision 088).
        SELECT o.order_date AS day, 0 AS gross_sales,
          coalesce(o.discount_minor, 0) AS discounts, 0 AS returns, 0 AS cogs, 0 AS cogs_estimated,
          coalesce(
            (SELECT s.cost_minor FROM wh_order_shipping_costs s
              WHERE s.workspace_id = o.workspace_id AND s.order_id = o.order_id
              ORDER BY s.source = 'import' DESC LIMIT 1),
            o.shipping_minor, 0) AS shipping,
          0 AS payment_fees, 0 AS marketing, 1 AS sale_orders, 0 AS units_sold, 0 AS units_with_cost,
          coalesce(o.shipping_minor, 0) AS shipping_charges, coalesce(o.tax_minor, 0) AS taxes
        FROM wh_orders o WHERE o.workspace_id = ${workspaceId} AND ${saleOrder}
        UNION ALL
        -- Lines, on the order day: price × quantity (gross sales), the frozen cost × quantity,
        -- units sold and the units whose cost came from the owner or Shopify (not the default margin).
        SELECT li.order_date, li.unit_price_minor * li.quantity, 0, 0,
          coalesce(li.unit_cost_minor, 0) * li.quantity,
          CASE WHEN li.cost_estimated THEN coalesce(li.unit_cost_minor, 0) * li.quantity ELSE 0 END,
          0, 0, 0, 0, li.quantity,
          CASE WHEN li.unit_cost_minor IS NOT NULL AND NOT li.cost_estimated
            AND li.cost_source IN ('manual', 'import', 'shopify') THEN li.quantity ELSE 0 END,
          0, 0
        FROM wh_order_line_items li
        JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
        WHERE li.workspace_id = ${workspaceId} AND ${saleOrder}
        UNION ALL
        -- Refunded lines, on the refund day: their subtotal (returns) and, when restocked, their
        -- frozen cost reversed.
        SELECT rl.refund_date, 0, 0, rl.subtotal_minor,
          CASE WHEN rl.restocked THEN -coalesce(li.unit_cost_minor, 0) * rl.quantity ELSE 0 END,
          CASE WHEN rl.restocked AND li.cost_estimated THEN -coalesce(li.unit_cost_minor, 0) * rl.quantity
            ELSE 0 END,
          0, 0, 0, 0, 0, 0, 0, 0
        FROM wh_refund_line_items rl
        JOIN wh_orders o ON o.workspace_id = rl.workspace_id AND o.order_id = rl.order_id
        LEFT JOIN wh_order_line_items li
          ON li.workspace_id = rl.workspace_id AND li.line_item_id = rl.line_item_id
        WHERE rl.workspace_id = ${workspaceId} AND ${saleOrder}
        UNION ALL
        -- Refunds, on the refund day: shipping refunded (off shipping charged) and the tax refunded
        -- (the refund's amount less its lines' subtotals and its shipping: off taxes).
        SELECT r.refund_date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -coalesce(r.shipping_minor, 0),
          -(r.amount_minor - coalesce(
            (SELECT sum(rl.subtotal_minor) FROM wh_refund_line_items rl
              WHERE rl.workspace_id = r.workspace_id AND rl.refund_id = r.refund_id), 0)
            - coalesce(r.shipping_minor, 0))
        FROM wh_refunds r
        JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
        WHERE r.workspace_id = ${workspaceId} AND ${saleOrder}
        UNION ALL
        -- Payment fees of successful sales and captures, on the transaction's day: the gateway's
        -- own fees, else the owner's rule for the gateway, else nothing.
        SELECT t.transaction_date, 0, 0, 0, 0, 0, 0,
          coalesce(t.fee_minor, round(t.amount_minor * rule.percent / 100)::bigint + rule.fixed_minor, 0),
          0, 0, 0, 0, 0, 0
        FROM wh_order_transactions t
        JOIN wh_orders o ON o.workspace_id = t.workspace_id AND o.order_id = t.order_id
        LEFT JOIN payment_fee_rules rule ON rule.workspace_id = t.workspace_id AND rule.gateway = t.gateway
        WHERE t.workspace_id = ${workspaceId} AND t.status = 'SUCCESS' AND t.kind IN ('SALE', 'CAPTURE')
          AND ${saleOrder}
        UNION ALL
        -- Marketing: every ad platform's spend in the shop currency on its day (adSpendRows).
        SELECT s.date, 0, 0, 0, 0, 0, 0, 0, s.spend_minor, 0, 0, 0, 0, 0
        FROM ${adSpendRows(workspaceId)} s
      ) facts
      GROUP BY day`);
    await tx.execute(sql`
      INSERT INTO profit_rollup_versions (workspace_id, version, built_at)
      VALUES (${workspaceId}, ${version}, now())
      ON CONFLICT (workspace_id) DO UPDATE SET version = EXCLUDED.version, built_at = EXCLUDED.built_at`);
    return true;
  });
}

const ProfitDayRow = z.record(z.string(), z.string());

/** The rollup rows of `from`..`to` (days without a row had no activity); expenses are added later. */
export async function readProfitDays(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<Array<Omit<ProfitDay, 'expenses'> & { saleOrders: number }>> {
  const rows = await queryRows(
    db,
    ProfitDayRow,
    sql`SELECT day::text AS day, gross_sales_minor::text AS gross_sales, discounts_minor::text AS discounts,
          returns_minor::text AS returns, cogs_minor::text AS cogs,
          cogs_estimated_minor::text AS cogs_estimated, shipping_minor::text AS shipping,
          payment_fees_minor::text AS payment_fees, marketing_minor::text AS marketing,
          sale_orders::text AS sale_orders, units_sold::text AS units_sold,
          units_with_cost::text AS units_with_cost, shipping_charges_minor::text AS shipping_charges,
          taxes_minor::text AS taxes
        FROM profit_daily
        WHERE workspace_id = ${workspaceId} AND day BETWEEN ${from}::date AND ${to}::date
        ORDER BY day`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    grossSales: Number(r.gross_sales),
    discounts: Number(r.discounts),
    returns: Number(r.returns),
    shippingCharges: Number(r.shipping_charges),
    taxes: Number(r.taxes),
    cogs: Number(r.cogs),
    cogsEstimated: Number(r.cogs_estimated),
    shipping: Number(r.shipping),
    paymentFees: Number(r.payment_fees),
    marketing: Number(r.marketing),
    saleOrders: Number(r.sale_orders),
    unitsSold: Number(r.units_sold),
    unitsWithCost: Number(r.units_with_cost),
  }));
}
