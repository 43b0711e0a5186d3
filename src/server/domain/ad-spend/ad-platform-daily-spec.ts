import type { UpsertSpec } from '../warehouse/upsert-rows.ts';

const col = (name: string, type: string) => ({ name, type });

/** The campaign and ad-group day rows; the spend imports write the same columns (plus `source`). */
export const DAILY_SPEC: UpsertSpec = {
  table: 'wh_ad_platform_daily',
  key: ['workspace_id', 'platform', 'date', 'campaign_id', 'ad_group_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('platform', 'text'),
    col('date', 'date'),
    col('campaign_id', 'text'),
    col('ad_group_id', 'text'),
    col('account_id', 'text'),
    col('campaign_name', 'text'),
    col('campaign_type', 'text'),
    col('campaign_status', 'text'),
    col('ad_group_name', 'text'),
    col('spend_minor', 'bigint'),
    col('impressions', 'bigint'),
    col('clicks', 'bigint'),
    col('conversions', 'numeric'),
    col('conversion_value_minor', 'bigint'),
    col('currency_code', 'text'),
    col('utm_source', 'text'),
    col('utm_medium', 'text'),
    col('utm_campaign', 'text'),
    col('shop_currency', 'text'),
    col('spend_shop_minor', 'bigint'),
    col('conversion_value_shop_minor', 'bigint'),
    col('exchange_rate', 'numeric'),
    col('rate_date', 'date'),
    col('synced_at', 'timestamptz'),
  ],
};
