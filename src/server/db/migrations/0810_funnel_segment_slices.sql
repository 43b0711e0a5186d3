-- Issue 40, decision 224: the funnel report under an RFM segment reads a slice of the daily tables
-- ('r:<segment>', core/funnels/funnel-slices-of.ts) like a campaign's (decision 199), built for the
-- segments of one analysis run.
--
-- funnel_segment_members: per store and analysis run, the journeys of the orders of each segment's
-- customers (segment-slices.ts, the rows decision 208's segment filter reads), copied once when the
-- run completes, so the fold tells a session's segments with two index probes (by visitor, by
-- session) instead of joining the run's customers, their orders and journeys per fold.
-- funnel_segment_runs: the runs whose members are copied (a run with no member journeys too).
-- funnel_fold_state.segment_run_id: the run a funnel's segment slices are of (NULL: none); the report
-- reads the slice only when it is the store's latest run.
CREATE TABLE funnel_segment_runs (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  built_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, run_id)
);
CREATE TABLE funnel_segment_members (
  workspace_id uuid NOT NULL,
  run_id uuid NOT NULL,
  segment text NOT NULL,
  visitor_id text,
  configuration_id uuid NOT NULL,
  session_id text NOT NULL,
  FOREIGN KEY (workspace_id, run_id) REFERENCES funnel_segment_runs (workspace_id, run_id) ON DELETE CASCADE
);
CREATE INDEX funnel_segment_members_visitor_idx ON funnel_segment_members (workspace_id, run_id, visitor_id)
  WHERE visitor_id IS NOT NULL;
CREATE INDEX funnel_segment_members_session_idx
  ON funnel_segment_members (workspace_id, run_id, configuration_id, session_id);
ALTER TABLE funnel_fold_state ADD COLUMN segment_run_id uuid;
