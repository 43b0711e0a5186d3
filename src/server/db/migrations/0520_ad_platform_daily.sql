-- Google Ads and TikTok spend in the warehouse (issue #39, decision 104): one row per platform,
-- day, campaign and ad group (ad_group_id '' = the campaign's own row, which carries the spend
-- every total reads: Performance Max has no ad groups), money in exact minor units of the ad
-- account's currency, and the same spend converted to the shop currency at the rate of the
-- spend's day (exchange_rate: shop-currency units per account-currency unit, rate_date: the ECB
-- or hand-entered rate's day). The shop figures stay null until a rate exists; the next sync fills them.
CREATE TABLE wh_ad_platform_daily (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('google_ads', 'tiktok_ads')),
  date date NOT NULL,
  campaign_id text NOT NULL,
  ad_group_id text NOT NULL DEFAULT '',
  account_id text NOT NULL,
  campaign_name text NOT NULL,
  campaign_type text,
  campaign_status text,
  ad_group_name text,
  spend_minor bigint NOT NULL CHECK (spend_minor >= 0),
  impressions bigint NOT NULL,
  clicks bigint NOT NULL,
  conversions numeric(20, 4) NOT NULL,
  conversion_value_minor bigint NOT NULL,
  currency_code text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
  utm_source text,
  utm_medium text,
  utm_campaign text,
  shop_currency text,
  spend_shop_minor bigint,
  conversion_value_shop_minor bigint,
  exchange_rate numeric(20, 10),
  rate_date date,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, platform, date, campaign_id, ad_group_id)
);

-- The two new sync streams beside Shopify, GA4 and Meta.
ALTER TABLE sync_states DROP CONSTRAINT sync_states_source_check;
ALTER TABLE sync_states
  ADD CONSTRAINT sync_states_source_check
  CHECK (source IN ('shopify', 'ga4', 'meta', 'google_ads', 'tiktok_ads'));
