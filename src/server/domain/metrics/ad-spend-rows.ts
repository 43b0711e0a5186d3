import { type SQL, sql } from 'drizzle-orm';

/**
 * The one reader of ad spend (issue #39 step 5, decision 099): every ad platform's campaign days in
 * the shop currency, as a subquery for `FROM ${adSpendRows(…)} s`. Meta's daily insights (counted
 * as shop money, decision 104) and every campaign row (`ad_group_id = ''`) of
 * `wh_ad_platform_daily` whatever its platform — Google Ads, TikTok and the imported ones — already
 * converted at the spend day's rate. A day still without a rate has no shop figure and is left out
 * (never summed unconverted) unless `withoutRate` asks for it (GET /api/ad-spend counts those days).
 *
 * Columns: platform ('meta', 'google_ads', 'tiktok_ads', …), date, campaign_id, campaign_name,
 * campaign_type, campaign_status, spend_minor (shop currency), currency_code (spend_minor's
 * currency), spend_account_minor and account_currency (as the platform bills), impressions, clicks,
 * conversions and conversion_value_minor (the platform's own claim, shop currency), exchange_rate
 * and rate_date (null for Meta and for the shop's own currency), utm_campaign.
 */
export function adSpendRows(
  workspaceId: string | SQL,
  options: { from?: string; to?: string; withoutRate?: boolean } = {},
): SQL {
  const days = (column: SQL) =>
    sql.join(
      [
        options.from === undefined ? undefined : sql`AND ${column} >= ${options.from}::date`,
        options.to === undefined ? undefined : sql`AND ${column} <= ${options.to}::date`,
      ].filter((part) => part !== undefined),
      sql` `,
    );
  return sql`(
    SELECT 'meta'::text AS platform, m.date, m.campaign_id, m.campaign_name, NULL::text AS campaign_type,
      m.campaign_status, m.spend_minor, m.currency_code, m.spend_minor AS spend_account_minor,
      m.currency_code AS account_currency, m.impressions::bigint AS impressions, m.clicks::bigint AS clicks,
      m.reported_purchases::numeric AS conversions,
      m.reported_purchase_value_minor AS conversion_value_minor, NULL::numeric AS exchange_rate,
      NULL::date AS rate_date, NULL::text AS utm_campaign
    FROM wh_meta_daily_insights m
    WHERE m.workspace_id = ${workspaceId} ${days(sql`m.date`)}
    UNION ALL
    SELECT a.platform, a.date, a.campaign_id, a.campaign_name, a.campaign_type, a.campaign_status,
      a.spend_shop_minor, coalesce(a.shop_currency, a.currency_code), a.spend_minor, a.currency_code,
      a.impressions, a.clicks, a.conversions, a.conversion_value_shop_minor, a.exchange_rate, a.rate_date,
      a.utm_campaign
    FROM wh_ad_platform_daily a
    WHERE a.workspace_id = ${workspaceId} AND a.ad_group_id = '' ${days(sql`a.date`)}
      ${options.withoutRate ? sql`` : sql`AND a.spend_shop_minor IS NOT NULL`}
  )`;
}
