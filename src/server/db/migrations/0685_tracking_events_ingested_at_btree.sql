-- Raw-first's pending rows found through a b-tree, not a BRIN (issue #43, decision 138). Every
-- reader's foldFirst asks whether any raw row is at or past the fold watermark, and the fold cuts
-- and reads its chunks by `ingested_at`. The BRIN of migration 0630 did not serve them: the ranges
-- of a day partition being written are unsummarised (only VACUUM summarises them), and with the
-- watermark a run-time parameter the planner expected every row to match, so the look was a
-- sequential scan of the whole day (206 ms at 134k rows, growing with the day) on every read, every
-- fold step and every scheduler tick. A b-tree answers the newest row in one descent whatever
-- the day's size; partial, so rows written with the rollups (ingested_at NULL) cost it nothing.
DROP INDEX tracking_events_ingested_at_brin;
CREATE INDEX tracking_events_ingested_at ON tracking_events (ingested_at) WHERE ingested_at IS NOT NULL;
