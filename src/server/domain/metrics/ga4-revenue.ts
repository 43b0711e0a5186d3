import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { channelOf } from '../../../core/pipeline/channel-of.ts';
import { currencyDigitsOf } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { loadRateConverter } from '../currency/rate-converter.ts';

/**
 * GA4-reported purchase revenue in the shop currency (decision 077). GA4 reports in its property's
 * currency (`metadata.currencyCode`, kept per row by the sync); beside shop money each day's amount
 * is converted with the team's exchange rates, the All-stores way (decision 067). When a day has no
 * rate the figures are withheld (`byKey` empty, `missingRate` set), never shown as shop money.
 */
export interface Ga4Revenue {
  /** Minor units of the shop currency, by channel (`channelOf`) or by Meta campaign name. */
  byKey: Map<string, number>;
  /** The property currencies of the period's rows (other than the shop's first; usually one). */
  currencies: string[];
  /** A currency with no rate on or before some day of the period: the figures are not shown. */
  missingRate: string | null;
}

const Ga4DayRow = z.object({
  date: z.string(),
  currency: z.string(),
  session_source: z.string(),
  session_medium: z.string(),
  key: z.string(),
  revenue: z.number(),
});

const PresenceRow = z.object({ synced: z.boolean() });
const TeamRow = z.object({ team_id: z.string().nullable() });

/**
 * GA4 purchase revenue over shop days [start, end] in the shop currency: by channel from the daily
 * channel report, or by campaign name (sessionCampaignName = utm_campaign, Meta-channel sessions
 * only, decision 073) from the campaign report. Null when that report has no rows at all for the
 * workspace (GA4 not connected, or the campaign report not synced yet).
 */
export async function readGa4Revenue(
  db: Db,
  workspaceId: string,
  shopCurrency: string,
  start: string,
  end: string,
  by: 'channel' | 'campaign',
): Promise<Ga4Revenue | null> {
  const table = sql.raw(by === 'channel' ? 'wh_ga4_daily_channels' : 'wh_ga4_daily_campaigns');
  const key = sql.raw(by === 'channel' ? `''` : 'campaign_name');
  const [presence] = await queryRows(
    db,
    PresenceRow,
    sql`SELECT EXISTS (SELECT 1 FROM ${table} WHERE workspace_id = ${workspaceId}) AS synced`,
  );
  if (!presence?.synced) return null;
  const rows = await queryRows(
    db,
    Ga4DayRow,
    sql`SELECT date::text AS date, currency_code AS currency, session_source, session_medium,
          ${key} AS key, sum(purchase_revenue_minor)::float8 AS revenue
        FROM ${table}
        WHERE workspace_id = ${workspaceId} AND date BETWEEN ${start}::date AND ${end}::date
        GROUP BY 1, 2, 3, 4, 5`,
  );
  const converted = await ga4AmountsInShopCurrency(db, workspaceId, shopCurrency, rows, start, end);
  if (converted.missingRate)
    return { byKey: new Map(), currencies: converted.currencies, missingRate: converted.missingRate };
  const byKey = new Map<string, number>();
  rows.forEach((row, i) => {
    const channel = channelOf(row.session_source, row.session_medium, null);
    if (by === 'campaign' && channel !== 'meta_ads') return;
    const name = by === 'channel' ? channel : row.key;
    byKey.set(name, (byKey.get(name) ?? 0) + (converted.amounts[i] ?? 0));
  });
  return { byKey, currencies: converted.currencies, missingRate: null };
}

/** One GA4 amount of one day: minor units of the property currency `currency`. */
export interface Ga4DayAmount {
  date: string;
  currency: string;
  revenue: number;
}

/** GA4 day amounts in the shop currency, position for position. */
export interface Ga4ShopAmounts {
  /** Minor units of the shop currency; null for a day with no rate for its currency. */
  amounts: (number | null)[];
  /** The property currencies of the rows (the shop's first when present; usually one). */
  currencies: string[];
  /** The first currency found with no rate on or before some row's day, or null. */
  missingRate: string | null;
}

/**
 * The one conversion of GA4 money (decision 077, 081): each row's amount converted on its own day
 * with All-stores' converter over the workspace's team rates (one read of the rate book over
 * [from, to], only when some row is in another currency); rows already in the shop currency pass
 * unchanged. Every GA4 figure beside shop money goes through here.
 */
export async function ga4AmountsInShopCurrency(
  db: Db,
  workspaceId: string,
  shopCurrency: string,
  rows: readonly Ga4DayAmount[],
  from: string,
  to: string,
): Promise<Ga4ShopAmounts> {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort(
    (a, b) => Number(b === shopCurrency) - Number(a === shopCurrency) || a.localeCompare(b),
  );
  const foreign = currencies.filter((code) => code !== shopCurrency);
  const [team] =
    foreign.length > 0
      ? await queryRows(
          db,
          TeamRow,
          sql`SELECT team_id::text AS team_id FROM workspaces WHERE id = ${workspaceId}`,
        )
      : [];
  const converter = team?.team_id
    ? await loadRateConverter(db, team.team_id, shopCurrency, foreign, from, to)
    : null;
  let missingRate: string | null = null;
  const amounts = rows.map((row) => {
    if (row.currency === shopCurrency) return row.revenue;
    const amount =
      converter?.convert(row.currency, currencyDigitsOf(row.currency), row.date, row.revenue) ?? null;
    if (amount === null) missingRate ??= converter?.missingRate(row.currency, row.date) ?? row.currency;
    return amount;
  });
  return { amounts, currencies, missingRate };
}

/** What the page says about GA4's currency: converted, or withheld for want of a rate; null when GA4 reports in the shop's. */
export function ga4CurrencyNote(
  revenue: Pick<Ga4Revenue, 'currencies' | 'missingRate'> | null,
  shopCurrency: string,
): string | null {
  if (!revenue) return null;
  const foreign = revenue.currencies.filter((code) => code !== shopCurrency);
  if (foreign.length === 0) return null;
  const codes = foreign.join(', ');
  if (revenue.missingRate)
    return `GA4 reports in ${codes} and no exchange rate for ${revenue.missingRate} is stored for every day of the period: GA4 figures are not converted to ${shopCurrency} and are not shown. Add a rate on the exchange rates page.`;
  return `GA4 reports in ${codes}: GA4 figures are converted to ${shopCurrency} at each day's exchange rate (ECB reference rate, or the team's own).`;
}
