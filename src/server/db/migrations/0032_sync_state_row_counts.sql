-- Warehouse row counts per source, computed when a sync succeeds, so the data-freshness panel
-- never counts a million-row table on a request.
ALTER TABLE sync_states ADD COLUMN row_counts jsonb NOT NULL DEFAULT '{}'::jsonb;
