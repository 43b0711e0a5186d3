-- Issue 40, decision 141: the two-level median. With millisecond gaps the daily step table holds
-- about a row per session and step, and a report summing all of them is linear in sessions again.
-- Per funnel, shop day, device, channel and step: how many sessions passed that step with a gap in
-- each coarse bucket (core/funnels/gap-bucket-of.ts: 32 log-linear buckets per power of two). The
-- report sums these to find each median's bucket, then reads exact gaps of that bucket only.
CREATE TABLE funnel_step_buckets (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  funnel_key text NOT NULL,
  day date NOT NULL,
  device text NOT NULL,
  channel text NOT NULL,
  step smallint NOT NULL,
  bucket integer NOT NULL,
  sessions integer NOT NULL,
  PRIMARY KEY (workspace_id, funnel_key, day, device, channel, step, bucket)
);

-- The exact gaps of one step inside one bucket's range (gapBucketBounds), across the period's days.
CREATE INDEX funnel_step_days_gap_idx ON funnel_step_days (workspace_id, funnel_key, step, gap_ms);

-- The bucket counts are written by the fold: forgetting every funnel's fold state rebuilds its
-- pre-aggregates, buckets included, on its next fold (the job after ingestion, or the first report).
DELETE FROM funnel_fold_state;
