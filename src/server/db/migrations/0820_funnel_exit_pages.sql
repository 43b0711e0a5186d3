-- Issue 40, decision 225: the funnel step drill-down read from pre-aggregates, as the report is.
--
-- Each folded session also keeps its start (to the millisecond, as JS holds it) and the page it left
-- the site from (its session row's last page) as of its last fold; both null while its row is missing.
ALTER TABLE funnel_session_marks ADD COLUMN started_at timestamptz, ADD COLUMN exit_page text;
-- The drill-down's latest sessions: per number of steps passed, the newest first, walked from the
-- period's end until 50 are found (ties by session id in code-unit order, as summarizeFunnelStep).
CREATE INDEX funnel_session_marks_latest_idx ON funnel_session_marks
  (workspace_id, funnel_key, (cardinality(passed_at)), started_at DESC, session_id COLLATE "C")
  WHERE started_at IS NOT NULL;

-- Per funnel, slice (as funnel_step_days), shop day, device, channel, the step a session went no
-- further than (1-based, its steps passed), website and last page: the sessions that left there.
CREATE TABLE funnel_exit_pages (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  funnel_key text NOT NULL,
  slice text NOT NULL DEFAULT '',
  day date NOT NULL,
  device text NOT NULL,
  channel text NOT NULL,
  step smallint NOT NULL,
  configuration_id uuid NOT NULL,
  page_url text NOT NULL,
  sessions integer NOT NULL,
  PRIMARY KEY (workspace_id, funnel_key, slice, day, device, channel, step, configuration_id, page_url)
);

-- Every funnel's pre-aggregates are rebuilt on its next fold with the new columns and table: emptied
-- here, and the fold states forgotten, as migration 0780 did.
TRUNCATE funnel_session_marks, funnel_buyer_sessions, funnel_step_days, funnel_step_buckets, funnel_revenue_days,
  funnel_dirty_orders;
DELETE FROM funnel_fold_state;
