-- Meta ads and their creatives, and each ad's daily insights (issue #44, decision 121). Synced beside
-- the campaign insights; the ad days of a campaign sum to its day, but every spend figure still reads
-- the campaign days (the one ad-spend reader, decision 099): these rows feed GET /api/creatives only.
CREATE TABLE wh_meta_ads (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  ad_id text NOT NULL,
  campaign_id text,
  adset_id text,
  name text NOT NULL,
  status text,
  effective_status text,
  -- null when the ad's creative was deleted upstream (Meta then sends no creative)
  creative_id text,
  creative_name text,
  title text,
  body text,
  call_to_action_type text,
  -- 'video' or 'image' (Meta's object_type, else whether a video id is set); null without creative
  format text,
  -- https: or data:image/ URLs only; null when Meta has none
  thumbnail_url text,
  image_url text,
  video_id text,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, ad_id)
);

CREATE TABLE wh_meta_ad_daily_insights (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  date date NOT NULL,
  ad_id text NOT NULL,
  campaign_id text,
  ad_name text NOT NULL,
  spend_minor bigint NOT NULL,
  impressions bigint NOT NULL,
  reach bigint,
  clicks bigint NOT NULL,
  video_plays_3s bigint NOT NULL DEFAULT 0,
  thruplays bigint NOT NULL DEFAULT 0,
  reported_purchases integer NOT NULL,
  reported_purchase_value_minor bigint NOT NULL,
  currency_code text NOT NULL,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, date, ad_id)
);

CREATE INDEX wh_meta_ad_daily_insights_ad ON wh_meta_ad_daily_insights (workspace_id, ad_id, date);
