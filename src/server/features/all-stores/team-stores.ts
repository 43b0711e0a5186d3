import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AllStoresStore, CONVERSION_RULE, type RateUsed } from '../../../shared/contracts/all-stores.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { RateConverter } from '../../domain/currency/rate-converter.ts';

/** A store of the team with its synced shop's currency and time zone (null before a sync). */
export interface TeamStore {
  id: string;
  name: string;
  currency: string | null;
  digits: number;
  timeZone: string | null;
}

const TeamRow = z.object({
  reporting_currency: z.string(),
  stores: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      currency: z.string().nullable(),
      digits: z.number().nullable(),
      time_zone: z.string().nullable(),
    }),
  ),
});

/** The team's reporting currency and its stores, oldest first, in one query. */
export async function readTeamStores(
  db: Db,
  teamId: string,
): Promise<{ reportingCurrency: string; stores: TeamStore[] }> {
  const [row] = await queryRows(
    db,
    TeamRow,
    sql`SELECT t.reporting_currency,
          (SELECT coalesce(json_agg(json_build_object('id', w.id, 'name', w.name, 'currency', s.currency_code,
              'digits', s.currency_digits, 'time_zone', s.iana_timezone) ORDER BY w.created_at, w.id), '[]')
            FROM workspaces w LEFT JOIN wh_shops s ON s.workspace_id = w.id
            WHERE w.team_id = t.id) AS stores
        FROM teams t WHERE t.id = ${teamId}`,
  );
  return {
    reportingCurrency: row?.reporting_currency ?? 'USD',
    stores: (row?.stores ?? []).map((store) => ({
      id: store.id,
      name: store.name,
      currency: store.currency,
      digits: Number(store.digits ?? 2),
      timeZone: store.time_zone,
    })),
  };
}

/**
 * Which stores can be summed over `from`..`to`: those with a synced shop whose currency (and the
 * reporting currency) has a rate on or before `from`. The others are listed with the reason.
 */
export function judgeStores(
  stores: readonly TeamStore[],
  converter: RateConverter,
  from: string,
): { summed: TeamStore[]; listed: AllStoresStore[] } {
  const summed: TeamStore[] = [];
  const listed = stores.map((store): AllStoresStore => {
    const base = { storeId: store.id, name: store.name, currency: store.currency };
    if (!store.currency) return { ...base, included: false, reason: 'No shop synced yet.' };
    const missing = converter.missingRate(store.currency, from);
    if (missing)
      return {
        ...base,
        included: false,
        reason: `No ${missing} exchange rate on or before ${from}: fetch the ECB's rates or enter one by hand.`,
      };
    summed.push(store);
    return { ...base, included: true, reason: null };
  });
  return { summed, listed };
}

/** The conversion part of every All-stores answer. */
export const conversionOf = (
  converter: RateConverter,
  listed: AllStoresStore[],
): {
  reportingCurrency: string;
  currencyDigits: number;
  stores: AllStoresStore[];
  rates: RateUsed[];
  conversionRule: string;
} => ({
  reportingCurrency: converter.reportingCurrency,
  currencyDigits: converter.digits,
  stores: listed,
  rates: converter.used(),
  conversionRule: CONVERSION_RULE,
});
