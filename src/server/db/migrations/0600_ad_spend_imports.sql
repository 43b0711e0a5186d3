-- Spend imports for the long tail (issue #39 step 4, decision 105): CSV uploads, published
-- sheets and manual cost lines land in wh_ad_platform_daily as campaign rows (ad_group_id = ''),
-- so every reader of "campaign rows with a shop figure" counts them. `source` says where a row came
-- from; API rows (Google Ads, TikTok) and imported rows never share a platform, so an import can
-- never overwrite a connector's row, and manual lines alone use the platform 'manual'.
ALTER TABLE wh_ad_platform_daily DROP CONSTRAINT wh_ad_platform_daily_platform_check;
ALTER TABLE wh_ad_platform_daily
  ADD CONSTRAINT wh_ad_platform_daily_platform_check CHECK (platform IN (
    'google_ads', 'tiktok_ads', 'pinterest', 'microsoft_ads', 'snapchat', 'reddit', 'amazon_ads',
    'linkedin_ads', 'x_ads', 'other', 'manual'));
ALTER TABLE wh_ad_platform_daily
  ADD COLUMN source text NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'csv', 'sheet', 'manual'));
ALTER TABLE wh_ad_platform_daily
  ADD CONSTRAINT wh_ad_platform_daily_source_platform_check CHECK (
    (source = 'api') = (platform IN ('google_ads', 'tiktok_ads'))
    AND (source = 'manual') = (platform = 'manual'));

-- Manual cost lines (agency fees, influencers): an amount over a date range, spread per day as
-- 'manual' rows whose campaign_id is the line's id (decision 106 for the rounding).
CREATE TABLE ad_spend_manual_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency_code text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
  start_date date NOT NULL,
  end_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date)
);
CREATE INDEX ad_spend_manual_lines_workspace_idx ON ad_spend_manual_lines (workspace_id, start_date);

-- Published sheets / CSV links, fetched and imported on the sync schedule and on "Sync now"; the
-- last fetch's outcome (and its row errors) is shown on the sheet.
CREATE TABLE ad_spend_sheets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_fetched_at timestamptz,
  last_status text CHECK (last_status IN ('ok', 'failed')),
  last_message text,
  last_result jsonb,
  UNIQUE (workspace_id, url)
);
