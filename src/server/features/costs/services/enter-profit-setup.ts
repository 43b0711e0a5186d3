import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DemoProfitSetup } from '../../../../shared/contracts/demo-profit.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { ShopMoney } from '../../../domain/shop/read-shop.ts';
import { quoteCsv } from './export-costs.ts';
import { importCosts } from './import-costs.ts';
import { addExpense, replaceFeeRules, replaceShippingProfiles } from './manage-cost-settings.ts';

const EnterProfitSetupRow = z.object({ key: z.string() });

/**
 * Enters a profit setup the way an owner would on the Costs page (decision 010's demo store):
 * the cost history as a costs CSV import, the shipping profiles, the fee rules and the expenses
 * (an expense already there with the same name, kind and start is not added twice). Connecting
 * the demo store calls it before the first backfill, so every line freezes its true historical cost.
 */
export async function enterProfitSetup(
  db: Db,
  args: { workspaceId: string; userId: string; shop: ShopMoney; setup: DemoProfitSetup; now: Date },
): Promise<void> {
  const { setup, ...owner } = args;
  if (setup.costs.length > 0) {
    const csv = [
      'variant_id,sku,cost,effective_from',
      ...setup.costs.map(
        (entry) => `${entry.variantId},${quoteCsv(entry.sku)},${entry.cost},${entry.effectiveFrom}`,
      ),
    ].join('\n');
    await importCosts(db, { ...owner, fileName: 'demo-costs.csv', csv });
  }
  await replaceShippingProfiles(db, { ...owner, profiles: setup.shippingProfiles });
  await replaceFeeRules(db, { ...owner, rules: setup.paymentFeeRules });
  const existing = await queryRows(
    db,
    EnterProfitSetupRow,
    sql`SELECT concat_ws('|', name, kind, starts_on::text) AS key FROM expenses WHERE workspace_id = ${args.workspaceId}`,
  );
  const known = new Set(existing.map((row) => row.key));
  for (const expense of setup.expenses)
    if (!known.has(`${expense.name}|${expense.kind}|${expense.startsOn}`))
      await addExpense(db, { ...owner, expense });
}
