-- Cheaper cell upserts and fast long-range heatmap reads (issue 7 budgets).
--
-- Every group commit upserts its heatmap cells. Room left on each page lets most count updates be
-- HOT (no new index entry per update); the wide (workspace_id, day) index cost one more index
-- insert per cell and is not needed: reads go through configuration ids (the primary key), and
-- retention deletes by day, which a BRIN index serves (cells of a day are written during that day).
ALTER TABLE tracking_heatmap_cells SET (fillfactor = 70);
ALTER TABLE tracking_page_counts SET (fillfactor = 70);
ALTER TABLE tracking_click_elements SET (fillfactor = 70);
DROP INDEX tracking_heatmap_cells_workspace_idx;
CREATE INDEX tracking_heatmap_cells_day_brin ON tracking_heatmap_cells USING brin (day);

-- Month cells: the daily cells of finished days summed per calendar month, so a heatmap over weeks
-- or months reads one row per cell and month instead of one per cell and day. Days are folded in
-- order, off the ingestion path (ingest/heatmap-months.ts); `folded_through` says how far, so a read
-- takes folded days from here and every later day from the daily cells, in one consistent snapshot.
CREATE TABLE tracking_heatmap_month_cells (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  page_url text NOT NULL,
  -- First day of the month.
  month date NOT NULL,
  viewport_bucket text NOT NULL,
  event_type text NOT NULL,
  x_bin smallint NOT NULL,
  y_bin integer NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (configuration_id, page_url, viewport_bucket, event_type, month, x_bin, y_bin)
);

CREATE TABLE tracking_heatmap_fold_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- Every day up to and including this one is summed into tracking_heatmap_month_cells.
  folded_through date NOT NULL
);
