-- Issue 40, decision 202: the funnel report under new or returning visitors reads the daily tables
-- like a campaign's (decision 199). Each session now also counts in the slice 'n:new' or
-- 'n:returning' (core/funnels/funnel-slices-of.ts), kept in funnel_session_marks.slices and
-- funnel_buyer_sessions.slices like the other slices; no column or key changes.
--
-- Every funnel's pre-aggregates are rebuilt on its next fold (the job after ingestion, or the first
-- report) with the new slices: emptied here, and the fold states forgotten, as migration 0770 did.
TRUNCATE funnel_session_marks, funnel_buyer_sessions, funnel_step_days, funnel_step_buckets, funnel_revenue_days,
  funnel_dirty_orders;
DELETE FROM funnel_fold_state;
