-- Google Ads and TikTok ads with their creative, and each ad's days (issue #44, decision 130). One
-- pair of tables for both platforms, keyed by platform, beside wh_ad_platform_daily (decision 104):
-- money in the ad account's currency and in the shop's at the spend day's rate, written at sync
-- time. Every spend figure still reads the campaign rows: these rows feed GET /api/creatives only.
CREATE TABLE wh_ad_platform_ads (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('google_ads', 'tiktok_ads')),
  ad_id text NOT NULL,
  account_id text NOT NULL,
  campaign_id text NOT NULL,
  ad_group_id text,
  name text NOT NULL,
  status text,
  -- 'text', 'image' or 'video'; null when nothing says what the creative was
  format text,
  title text,
  body text,
  call_to_action text,
  final_url text,
  -- https: or data:image/ URLs only
  thumbnail_url text,
  video_id text,
  -- the ad names a video the platform no longer has
  creative_deleted boolean NOT NULL DEFAULT false,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, platform, ad_id)
);

CREATE TABLE wh_ad_platform_ad_daily (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('google_ads', 'tiktok_ads')),
  date date NOT NULL,
  ad_id text NOT NULL,
  campaign_id text NOT NULL,
  ad_group_id text,
  spend_minor bigint NOT NULL,
  impressions bigint NOT NULL,
  clicks bigint NOT NULL,
  conversions numeric(20, 4) NOT NULL,
  conversion_value_minor bigint NOT NULL,
  -- Google: TrueView views; TikTok: 2-second plays
  video_views bigint NOT NULL DEFAULT 0,
  -- null where the platform reports no reach per ad (Google)
  reach bigint,
  currency_code text NOT NULL,
  shop_currency text,
  spend_shop_minor bigint,
  conversion_value_shop_minor bigint,
  exchange_rate numeric(20, 10),
  rate_date date,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, platform, date, ad_id)
);

CREATE INDEX wh_ad_platform_ad_daily_ad ON wh_ad_platform_ad_daily (workspace_id, platform, ad_id, date);
