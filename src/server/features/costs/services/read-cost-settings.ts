import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type CostSettingsResponse, CostSettingsResponseSchema } from '../../../../shared/contracts/costs.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { ISO_INSTANT } from '../../../domain/costs/load-cost-book.ts';
import { findShop } from '../../../domain/shop/read-shop.ts';
import { readRecalculations, USER_NAME } from '../queries/read-recalculations.ts';

/** Numeric percent as the owner typed it: "3.4900" → "3.49", "35.0000" → "35". */
const percentText = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

const SettingRow = z.object({ margin: z.string().nullable() });

const RuleRow = z.object({ gateway: z.string(), percent: z.string(), fixed: z.number() });

const ProfileRow = z.object({
  country: z.string(),
  minGrams: z.number(),
  maxGrams: z.number().nullable(),
  cost: z.number(),
});

const ExpenseRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: CostSettingsResponseSchema.shape.expenses.element.shape.kind,
  amountMinor: z.number().nullable(),
  percent: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
});

/** GET /api/costs/settings: everything on the Costs page except the ledger itself. */
export async function readCostSettings(db: Db, workspaceId: string): Promise<CostSettingsResponse> {
  const shop = await findShop(db, workspaceId);
  const digits = shop?.digits ?? 2;
  const money = (minor: number) => minorToDecimal(minor, digits);
  const [settings, rules, profiles, expenses, imports, recalculations] = await Promise.all([
    queryRows(
      db,
      SettingRow,
      sql`SELECT default_margin_percent::text AS margin FROM profit_settings WHERE workspace_id = ${workspaceId}`,
    ),
    queryRows(
      db,
      RuleRow,
      sql`SELECT gateway, percent::text AS percent, fixed_minor::float8 AS fixed
          FROM payment_fee_rules WHERE workspace_id = ${workspaceId} ORDER BY gateway`,
    ),
    queryRows(
      db,
      ProfileRow,
      sql`SELECT country, min_grams AS "minGrams", max_grams AS "maxGrams", cost_minor::float8 AS cost
          FROM shipping_profiles WHERE workspace_id = ${workspaceId} ORDER BY country = '*', country, min_grams`,
    ),
    queryRows(
      db,
      ExpenseRow,
      sql`SELECT id::text AS id, name, kind, amount_minor::float8 AS "amountMinor", percent::text AS percent,
            starts_on::text AS "startsOn", ends_on::text AS "endsOn"
          FROM expenses WHERE workspace_id = ${workspaceId} ORDER BY starts_on, id`,
    ),
    queryRows(
      db,
      CostSettingsResponseSchema.shape.imports.element,
      sql`SELECT i.id::text AS id, i.kind, i.file_name AS "fileName", i.rows_stored AS "rowsStored",
            jsonb_array_length(i.unknown) AS "unknownCount",
            to_char(i.created_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS "createdAt",
            COALESCE(${USER_NAME}, u.email) AS "createdBy"
          FROM cost_imports i LEFT JOIN users u ON u.id = i.created_by
          WHERE i.workspace_id = ${workspaceId} ORDER BY i.created_at DESC, i.id DESC LIMIT 10`,
    ),
    readRecalculations(db, workspaceId, digits),
  ]);
  const margin = settings[0]?.margin ?? null;
  return {
    currency: shop?.currencyCode ?? null,
    defaultMarginPercent: margin === null ? null : percentText(margin),
    paymentFeeRules: rules.map((rule) => ({
      gateway: rule.gateway,
      percent: percentText(rule.percent),
      fixed: money(rule.fixed),
    })),
    shippingProfiles: profiles.map(({ cost, ...profile }) => ({ ...profile, cost: money(cost) })),
    expenses: expenses.map(({ amountMinor, percent, ...expense }) => ({
      ...expense,
      amount: amountMinor !== null ? money(amountMinor) : percentText(percent ?? '0'),
    })),
    imports,
    recalculations,
  };
}
