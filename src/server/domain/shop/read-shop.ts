import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../errors.ts';

/** The shop facts costs are kept in: its currency (and digits) and time zone. */
export const ShopMoney = z.object({ currencyCode: z.string(), digits: z.number(), timeZone: z.string() });
export type ShopMoney = z.infer<typeof ShopMoney>;

export async function findShop(db: Db, workspaceId: string): Promise<ShopMoney | null> {
  const [row] = await queryRows(
    db,
    ShopMoney,
    sql`SELECT currency_code AS "currencyCode", currency_digits AS digits, iana_timezone AS "timeZone"
        FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  return row ?? null;
}

/** The shop, or a 409 telling the owner why costs cannot be entered yet. */
export async function requireShop(db: Db, workspaceId: string): Promise<ShopMoney> {
  const shop = await findShop(db, workspaceId);
  if (!shop)
    throw new AppError(
      409,
      'shop_not_synced',
      "Connect Shopify and let its first sync finish: costs are kept in the shop's currency.",
    );
  return shop;
}
