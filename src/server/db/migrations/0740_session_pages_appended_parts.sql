-- A session's page is appended as one row per commit (rollups in the request) or per fold
-- (raw-first), no longer updated in place (issue #43, decision 186). The upsert of migration 0250
-- rewrote the row's `cells` and `clicks` with the new part appended (`cells || EXCLUDED.cells`):
-- a value that grows with every fold of a live session, copied, compressed and TOASTed again each
-- time, so a session's writes cost the square of its length. Measured on a fold of 20k events of
-- sessions seen before, that upsert was 60 % of the fold's rollup statement. Every reader already
-- sums a session page's parts (cells by index, clicks as one list, the largest height and depth per
-- session and page), so the rows are parts: the primary key becomes a plain index on the same
-- columns (the readers' path), and past days' parts are merged into one row per key by the
-- tracking retention (partitions.ts, compactSessionPages).
ALTER TABLE tracking_session_pages DROP CONSTRAINT tracking_session_pages_pkey;
CREATE INDEX tracking_session_pages_key_idx
  ON tracking_session_pages (configuration_id, page_url, day, viewport_bucket, session_id);
