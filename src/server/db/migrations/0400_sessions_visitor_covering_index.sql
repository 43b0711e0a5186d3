-- Heatmaps' converted filter (issue 16, decision 075): "every session of a buyer's visitor" probes
-- the visitor index once per joined order. With the session key in the index the probe needs no
-- heap visit for pages vacuum has marked all-visible, and the planner prefers it to a sequential scan of
-- every session once a store has many. Same key and predicate as before, so the journey join's
-- reads by (workspace, visitor, started_at) keep using it; ingestion keeps one index here, not two.
DROP INDEX tracking_sessions_visitor_idx;
CREATE INDEX tracking_sessions_visitor_idx ON tracking_sessions (workspace_id, visitor_id, started_at)
  INCLUDE (configuration_id, session_id) WHERE visitor_id IS NOT NULL;
