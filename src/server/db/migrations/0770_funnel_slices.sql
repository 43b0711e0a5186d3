-- Issue 40, decision 199: the funnel report under a campaign or an A/B variant reads the daily
-- tables like the unfiltered one. Each daily table gains a `slice` key: '' for every session (the
-- rows the unfiltered, device and channel reads sum, as before), 'c:<utm_campaign>' for the
-- sessions of one campaign, 'v:<experiment>:<variant>' for the sessions in one A/B variant
-- (core/funnels/funnel-slices-of.ts). A session counts in '' and in each slice it belongs to, so
-- its rows are written once per slice; the slices it counted in are kept with its marks and its
-- buying-session row, so a re-fold takes its old counts back from the same slices.
ALTER TABLE funnel_session_marks ADD COLUMN slices text[] NOT NULL DEFAULT '{}';
ALTER TABLE funnel_buyer_sessions ADD COLUMN slices text[] NOT NULL DEFAULT '{}';
ALTER TABLE funnel_step_days ADD COLUMN slice text NOT NULL DEFAULT '';
ALTER TABLE funnel_step_buckets ADD COLUMN slice text NOT NULL DEFAULT '';
ALTER TABLE funnel_revenue_days ADD COLUMN slice text NOT NULL DEFAULT '';

-- Every funnel's pre-aggregates are rebuilt on its next fold (the job after ingestion, or the first
-- report): forgetting the fold states below does that, with the slices. Emptied here first, so the
-- keys below are built over empty tables, not over rows the rebuild deletes anyway.
TRUNCATE funnel_session_marks, funnel_buyer_sessions, funnel_step_days, funnel_step_buckets, funnel_revenue_days,
  funnel_dirty_orders;

-- The slice leads after the funnel: a read of one slice over a period is one range of each key,
-- and the unfiltered read ('') reads the rows it read before.
ALTER TABLE funnel_step_days DROP CONSTRAINT funnel_step_days_pkey,
  ADD PRIMARY KEY (workspace_id, funnel_key, slice, day, device, channel, step, gap_ms);
ALTER TABLE funnel_step_buckets DROP CONSTRAINT funnel_step_buckets_pkey,
  ADD PRIMARY KEY (workspace_id, funnel_key, slice, day, device, channel, step, bucket);
ALTER TABLE funnel_revenue_days DROP CONSTRAINT funnel_revenue_days_pkey,
  ADD PRIMARY KEY (workspace_id, funnel_key, slice, day, device, channel, steps_passed);
-- Decision 192's index-only exact-gap read, per slice.
DROP INDEX funnel_step_days_gap_idx;
CREATE INDEX funnel_step_days_gap_idx ON funnel_step_days (workspace_id, funnel_key, slice, step, gap_ms)
  INCLUDE (day, device, channel, sessions);

DELETE FROM funnel_fold_state;
