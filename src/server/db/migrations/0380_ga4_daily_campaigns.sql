-- GA4-reported revenue per campaign (issue #16 item 3, decision 073): runReport by date × session
-- source / medium × sessionCampaignName, so /campaigns shows GA4's figure per campaign beside the
-- first-party and Meta-reported ones. Money in the property currency's minor units.
CREATE TABLE wh_ga4_daily_campaigns (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  date date NOT NULL,
  session_source text NOT NULL,
  session_medium text NOT NULL,
  campaign_name text NOT NULL,
  sessions bigint NOT NULL,
  transactions bigint NOT NULL,
  purchase_revenue_minor bigint NOT NULL,
  currency_code text NOT NULL,
  PRIMARY KEY (workspace_id, date, session_source, session_medium, campaign_name)
);
