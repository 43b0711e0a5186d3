-- Issue 40, decision 192: the funnel report's exact-gap read (decision 141's second level: the gaps
-- of one step inside its median's bucket, summed over the period) reads the index in gap order and
-- needs each row's day, device, channel and sessions. Without them in the index it fetched one heap
-- page per row, in random order: at 10M events a bucket holds tens of thousands of rows (3.9 s at
-- load ~30, decision 188). With them it is an index-only scan of a few leaf pages for the pages
-- vacuum has marked all-visible (1,636 → 27 buffers for one bucket at 1M). Same key, so the planner's
-- use of it is unchanged; `sessions` in the index makes a count update of an existing gap row
-- non-HOT (with millisecond gaps most changes insert or delete a row anyway).
DROP INDEX funnel_step_days_gap_idx;
CREATE INDEX funnel_step_days_gap_idx ON funnel_step_days (workspace_id, funnel_key, step, gap_ms)
  INCLUDE (day, device, channel, sessions);
