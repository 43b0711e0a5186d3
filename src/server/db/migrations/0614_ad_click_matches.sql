-- Matching by click id (issue #39 step 6, decision 120): what an ad platform says about a click id
-- the tracker saw on a session's landing URL. Google's click_view names the campaign and ad group
-- of a gclid (one day per query, the last 90 days); campaign_id is null when the platform's day
-- does not know the click (asked, not found), so the same day is not asked again for it. TikTok
-- and Meta name no campaign for a click id: their sessions are matched by the landing URL's UTM.
CREATE TABLE ad_click_matches (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  platform text NOT NULL,
  click_id text NOT NULL,
  -- the account's day of the click (the day click_view was asked for)
  click_date date NOT NULL,
  campaign_id text,
  ad_group_id text,
  matched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, platform, click_id)
);
CREATE INDEX tracking_sessions_gclid_idx ON tracking_sessions (workspace_id, gclid) WHERE gclid IS NOT NULL;
