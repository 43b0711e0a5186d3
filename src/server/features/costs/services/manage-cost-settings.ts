import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { orderCostPeriods } from '../../../../core/costs/order-cost-periods.ts';
import { resolveUnitCost } from '../../../../core/costs/resolve-unit-cost.ts';
import type {
  CostEntryInput,
  ExpenseInputSchema,
  FeeRulesInputSchema,
  ShippingProfilesInputSchema,
} from '../../../../shared/contracts/costs.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { CostPeriodRow, ISO_INSTANT } from '../../../domain/costs/load-cost-book.ts';
import type { ShopMoney } from '../../../domain/shop/read-shop.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import { recordAudit } from '../../../platform/audit/record-audit.ts';
import { readAmount, readDay } from '../../../platform/csv/read-csv.ts';
import { inTransaction } from '../../../platform/session/members-store.ts';
import { writeOwnerCosts } from '../queries/write-cost-ledger.ts';

/**
 * The owner's cost settings, each write validated with a message naming the field: a cost entry
 * (a manual ledger period), the default margin, fee rules, shipping profiles and expenses.
 */

function amountOrThrow(field: string, value: string, shop: ShopMoney): number {
  const minor = readAmount(value, shop.digits);
  if (typeof minor === 'string') throw badRequest(`${field}: ${minor}`);
  return minor;
}

function dayOrThrow(field: string, value: string): string {
  const day = readDay(value);
  if (typeof day !== 'string') throw badRequest(`${field}: ${day.error}`);
  return day;
}

function percentOrThrow(field: string, value: string, max: number): string {
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(value) || Number(value) > max)
    throw badRequest(`${field}: "${value}" must be a percent from 0 to ${max} with at most 4 decimals`);
  return value;
}

const VariantRow = z.object({ sku: z.string().nullable(), title: z.string().nullable() });

/**
 * A cost the owner types for one variant from a day on (source 'manual'), with its audit entry in
 * the same transaction (issue #36): the variant, the cost in force on that day before (null when
 * none was known) and after, and the effective day.
 */
export async function enterCost(
  db: Db,
  args: {
    workspaceId: string;
    teamId: string;
    userId: string;
    shop: ShopMoney;
    input: CostEntryInput;
    now: Date;
  },
): Promise<void> {
  const costMinor = amountOrThrow('cost', args.input.cost, args.shop);
  const effectiveFrom = dayOrThrow('effectiveFrom', args.input.effectiveFrom);
  const variantId = args.input.variantId;
  const [variant] = await queryRows(
    db,
    VariantRow,
    sql`SELECT v.sku, concat_ws(' — ', p.title, nullif(v.title, 'Default Title')) AS title
        FROM wh_variants v LEFT JOIN wh_products p ON p.workspace_id = v.workspace_id AND p.product_id = v.product_id
        WHERE v.workspace_id = ${args.workspaceId} AND v.variant_id = ${variantId}::bigint`,
  );
  if (!variant) throw notFound(`variantId: no variant ${variantId} in this store`);
  const periods = await queryRows(
    db,
    CostPeriodRow,
    sql`SELECT id::float8 AS "id", cost_minor::float8 AS "costMinor", effective_from::text AS "effectiveFrom", source,
          to_char(created_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS "createdAt"
        FROM wh_cost_ledger WHERE workspace_id = ${args.workspaceId} AND variant_id = ${variantId}::bigint`,
  );
  const before = resolveUnitCost(orderCostPeriods(periods), effectiveFrom, 0, null);
  const decimal = (minor: number) => minorToDecimal(minor, args.shop.digits);
  await inTransaction(db, async (tx) => {
    await writeOwnerCosts(tx, {
      workspaceId: args.workspaceId,
      source: 'manual',
      userId: args.userId,
      importId: null,
      now: args.now,
      periods: [{ variantId: Number(variantId), sku: variant.sku, costMinor, effectiveFrom }],
    });
    await recordAudit(
      tx,
      {
        teamId: args.teamId,
        storeId: args.workspaceId,
        actorUserId: args.userId,
        action: 'costs.changed',
        target: variant.title || variant.sku || `variant ${variantId}`,
        details: {
          variantId,
          sku: variant.sku,
          oldCost: before ? decimal(before.unitCostMinor) : null,
          newCost: decimal(costMinor),
          currency: args.shop.currencyCode,
          effectiveFrom,
        },
      },
      args.now,
    );
  });
}

export async function setDefaultMargin(
  db: Db,
  args: { workspaceId: string; userId: string | null; percent: string | null; now: Date },
): Promise<void> {
  const percent =
    args.percent === null ? null : percentOrThrow('defaultMarginPercent', args.percent, 99.9999);
  await db.execute(
    sql`INSERT INTO profit_settings (workspace_id, default_margin_percent, updated_at, updated_by)
        VALUES (${args.workspaceId}, ${percent}::numeric, ${args.now.toISOString()}, ${args.userId})
        ON CONFLICT (workspace_id) DO UPDATE SET default_margin_percent = EXCLUDED.default_margin_percent,
          updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
  );
}

/** Replaces the fee rules (one per gateway). */
export async function replaceFeeRules(
  db: Db,
  args: {
    workspaceId: string;
    userId: string | null;
    shop: ShopMoney;
    rules: z.infer<typeof FeeRulesInputSchema>['rules'];
    now: Date;
  },
): Promise<void> {
  const seen = new Set<string>();
  const rows = args.rules.map((rule, index) => {
    const gateway = rule.gateway.trim();
    if (seen.has(gateway)) throw badRequest(`rules[${index}].gateway: "${gateway}" has two rules`);
    seen.add(gateway);
    return {
      gateway,
      percent: percentOrThrow(`rules[${index}].percent`, rule.percent, 100),
      fixed: amountOrThrow(`rules[${index}].fixed`, rule.fixed, args.shop),
    };
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM payment_fee_rules WHERE workspace_id = ${args.workspaceId}`);
    for (const rule of rows)
      await tx.execute(
        sql`INSERT INTO payment_fee_rules (workspace_id, gateway, percent, fixed_minor, updated_at, updated_by)
            VALUES (${args.workspaceId}, ${rule.gateway}, ${rule.percent}::numeric, ${rule.fixed}, ${args.now.toISOString()}, ${args.userId})`,
      );
  });
}

/** Replaces the shipping profiles (one band per country and lower weight bound). */
export async function replaceShippingProfiles(
  db: Db,
  args: {
    workspaceId: string;
    shop: ShopMoney;
    profiles: z.infer<typeof ShippingProfilesInputSchema>['profiles'];
    now: Date;
  },
): Promise<void> {
  const seen = new Set<string>();
  const rows = args.profiles.map((profile, index) => {
    const key = `${profile.country}|${profile.minGrams}`;
    if (seen.has(key))
      throw badRequest(
        `profiles[${index}]: ${profile.country} has two bands starting at ${profile.minGrams} g`,
      );
    seen.add(key);
    if (profile.maxGrams !== null && profile.maxGrams <= profile.minGrams)
      throw badRequest(`profiles[${index}].maxGrams: must be more than minGrams (${profile.minGrams})`);
    return { ...profile, costMinor: amountOrThrow(`profiles[${index}].cost`, profile.cost, args.shop) };
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM shipping_profiles WHERE workspace_id = ${args.workspaceId}`);
    for (const profile of rows)
      await tx.execute(
        sql`INSERT INTO shipping_profiles (workspace_id, country, min_grams, max_grams, cost_minor, updated_at)
            VALUES (${args.workspaceId}, ${profile.country}, ${profile.minGrams}, ${profile.maxGrams}, ${profile.costMinor}, ${args.now.toISOString()})`,
      );
  });
}

/** An expense's stored values, validated (400 naming the field). */
function expenseValues(expense: z.infer<typeof ExpenseInputSchema>, shop: ShopMoney) {
  const money = expense.kind === 'monthly' || expense.kind === 'per_order';
  const amountMinor = money ? amountOrThrow('amount', expense.amount, shop) : null;
  const percent = money ? null : percentOrThrow('amount', expense.amount, 100);
  const startsOn = dayOrThrow('startsOn', expense.startsOn);
  const endsOn = expense.endsOn === null ? null : dayOrThrow('endsOn', expense.endsOn);
  if (endsOn !== null && endsOn < startsOn)
    throw badRequest(`endsOn: ${endsOn} is before startsOn ${startsOn}`);
  return { name: expense.name.trim(), kind: expense.kind, amountMinor, percent, startsOn, endsOn };
}

const AddExpenseRow = z.object({ id: z.string() });

export async function addExpense(
  db: Db,
  args: {
    workspaceId: string;
    userId: string | null;
    shop: ShopMoney;
    expense: z.infer<typeof ExpenseInputSchema>;
    now: Date;
  },
): Promise<string> {
  const e = expenseValues(args.expense, args.shop);
  const [row] = await queryRows(
    db,
    AddExpenseRow,
    sql`INSERT INTO expenses (workspace_id, name, kind, amount_minor, percent, starts_on, ends_on, created_at, created_by)
        VALUES (${args.workspaceId}, ${e.name}, ${e.kind}, ${e.amountMinor}, ${e.percent}::numeric,
          ${e.startsOn}, ${e.endsOn}, ${args.now.toISOString()}, ${args.userId})
        RETURNING id::text AS id`,
  );
  if (!row) throw new AppError(500, 'internal', 'The expense was not stored.');
  return row.id;
}

const UpdateExpenseRow = z.object({ id: z.string() });

/** Replaces every field of expense `id` (404 when the workspace has no such expense). */
export async function updateExpense(
  db: Db,
  args: { workspaceId: string; id: string; shop: ShopMoney; expense: z.infer<typeof ExpenseInputSchema> },
): Promise<void> {
  const e = expenseValues(args.expense, args.shop);
  const rows = await queryRows(
    db,
    UpdateExpenseRow,
    sql`UPDATE expenses SET name = ${e.name}, kind = ${e.kind}, amount_minor = ${e.amountMinor},
          percent = ${e.percent}::numeric, starts_on = ${e.startsOn}, ends_on = ${e.endsOn}
        WHERE workspace_id = ${args.workspaceId} AND id = ${args.id}::bigint
        RETURNING id::text AS id`,
  );
  if (rows.length === 0) throw notFound(`No expense ${args.id}.`);
}

const DeleteExpenseRow = z.object({ id: z.string() });

export async function deleteExpense(db: Db, workspaceId: string, id: string): Promise<void> {
  const rows = await queryRows(
    db,
    DeleteExpenseRow,
    sql`DELETE FROM expenses WHERE workspace_id = ${workspaceId} AND id = ${id}::bigint RETURNING id::text AS id`,
  );
  if (rows.length === 0) throw notFound(`No expense ${id}.`);
}
