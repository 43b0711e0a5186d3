import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { currencyDigitsOf } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { AppDeps } from '../../http/deps.ts';
import { fetchAndStoreEcbRates } from '../currency/fetch-ecb-rates.ts';
import { loadRateConverter, type RateConverter } from '../currency/rate-converter.ts';

/**
 * Ad spend in the shop currency (issue #39, decision 104): each day's amount in the ad account's
 * currency converted at that day's rate (the team's rate book, the All-stores converter of
 * decision 067: exact BigInt arithmetic, a weekend at the last business day's rate). When the
 * period lacks a rate the ECB feed is fetched once; a day still without one keeps null shop figures
 * (never the unconverted amount), which the next sync fills.
 */

export interface ShopFigures {
  shop_currency: string | null;
  spend_shop_minor: number | null;
  conversion_value_shop_minor: number | null;
  exchange_rate: string | null;
  rate_date: string | null;
}

export type ToShopCurrency = (
  currency: string,
  day: string,
  spendMinor: number,
  conversionValueMinor: number,
) => ShopFigures;

const ShopRow = z.object({ currency: z.string().nullable(), team_id: z.string().nullable() });

const NONE: ShopFigures = {
  shop_currency: null,
  spend_shop_minor: null,
  conversion_value_shop_minor: null,
  exchange_rate: null,
  rate_date: null,
};

/**
 * A converter of account-currency amounts over shop days [from, to] for one workspace. Without a
 * synced shop (no currency yet) every figure stays null.
 */
export async function loadShopConversion(
  deps: Pick<AppDeps, 'db' | 'env' | 'demo' | 'clock' | 'log'>,
  workspaceId: string,
  accountCurrencies: readonly string[],
  from: string,
  to: string,
): Promise<ToShopCurrency> {
  const [shop] = await queryRows(
    deps.db,
    ShopRow,
    sql`SELECT (SELECT currency_code FROM wh_shops WHERE workspace_id = ${workspaceId} LIMIT 1) AS currency,
          (SELECT team_id::text FROM workspaces WHERE id = ${workspaceId}) AS team_id`,
  );
  const shopCurrency = shop?.currency ?? null;
  if (!shopCurrency) return () => NONE;
  const foreign = [...new Set(accountCurrencies)].filter((code) => code !== shopCurrency);
  let converter: RateConverter | null = null;
  if (foreign.length > 0 && shop?.team_id) {
    const load = () => loadRateConverter(deps.db, shop.team_id!, shopCurrency, foreign, from, to);
    converter = await load();
    const current = converter;
    if (foreign.some((code) => current.missingRate(code, from) !== null)) {
      // No rate reaches back to the period's start: read the feed once (demo: the ECB emulator).
      await fetchAndStoreEcbRates(deps).catch((error: unknown) =>
        deps.log.warn({ err: error, workspaceId }, 'fetching exchange rates for ad spend failed'),
      );
      converter = await load();
    }
  }
  return (currency, day, spendMinor, conversionValueMinor) => {
    if (currency === shopCurrency)
      return {
        shop_currency: shopCurrency,
        spend_shop_minor: spendMinor,
        conversion_value_shop_minor: conversionValueMinor,
        exchange_rate: '1',
        rate_date: day,
      };
    const quote = converter?.quote(currency, day);
    const sourceDigits = currencyDigitsOf(currency);
    const spend = converter?.convert(currency, sourceDigits, day, spendMinor) ?? null;
    const value = converter?.convert(currency, sourceDigits, day, conversionValueMinor) ?? null;
    if (!quote || spend === null || value === null) return NONE;
    return {
      shop_currency: shopCurrency,
      spend_shop_minor: spend,
      conversion_value_shop_minor: value,
      exchange_rate: quote.rate,
      rate_date: quote.rateDate,
    };
  };
}

const PendingRow = z.object({
  date: z.string(),
  campaign_id: z.string(),
  ad_group_id: z.string(),
  currency_code: z.string(),
  spend_minor: z.coerce.number(),
  conversion_value_minor: z.coerce.number(),
});

/**
 * Fills the shop figures of this platform's rows that have none yet (written before the shop or a
 * rate was known). Returns the rows filled.
 */
export async function fillMissingShopFigures(
  deps: Pick<AppDeps, 'db' | 'env' | 'demo' | 'clock' | 'log'>,
  workspaceId: string,
  platform: string,
): Promise<number> {
  const pending = await queryRows(
    deps.db,
    PendingRow,
    sql`SELECT date::text AS date, campaign_id, ad_group_id, currency_code, spend_minor, conversion_value_minor
        FROM wh_ad_platform_daily
        WHERE workspace_id = ${workspaceId} AND platform = ${platform} AND spend_shop_minor IS NULL
        ORDER BY date`,
  );
  if (pending.length === 0) return 0;
  const toShop = await loadShopConversion(
    deps,
    workspaceId,
    pending.map((row) => row.currency_code),
    pending[0]!.date,
    pending[pending.length - 1]!.date,
  );
  const filled = pending
    .map((row) => ({
      row,
      shop: toShop(row.currency_code, row.date, row.spend_minor, row.conversion_value_minor),
    }))
    .filter(({ shop }) => shop.spend_shop_minor !== null);
  if (filled.length === 0) return 0;
  await deps.db.execute(sql`UPDATE wh_ad_platform_daily d SET
        shop_currency = u.shop_currency, spend_shop_minor = u.spend, conversion_value_shop_minor = u.value,
        exchange_rate = u.rate::numeric, rate_date = u.rate_date::date
      FROM (SELECT * FROM json_to_recordset(${JSON.stringify(
        filled.map(({ row, shop }) => ({
          date: row.date,
          campaign_id: row.campaign_id,
          ad_group_id: row.ad_group_id,
          shop_currency: shop.shop_currency,
          spend: shop.spend_shop_minor,
          value: shop.conversion_value_shop_minor,
          rate: shop.exchange_rate,
          rate_date: shop.rate_date,
        })),
      )}::json) AS x(date date, campaign_id text, ad_group_id text, shop_currency text, spend bigint,
        value bigint, rate text, rate_date text)) u
      WHERE d.workspace_id = ${workspaceId} AND d.platform = ${platform} AND d.date = u.date
        AND d.campaign_id = u.campaign_id AND d.ad_group_id = u.ad_group_id`);
  return filled.length;
}
