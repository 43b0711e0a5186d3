-- Heatmap hour cells leave the ingestion request's transaction (issue 18, decision 070).
--
-- An ingestion commit group inserts its raw events and ONE row here carrying the group's hour
-- cells, pre-aggregated: a dictionary of cell owners (site, page, viewport bucket, event type) and
-- per cell its owner's position (1-based), bins and count. The fold (ingest/pending-cells.ts)
-- takes rows with FOR UPDATE SKIP LOCKED, adds their cells to tracking_heatmap_hour_cells and
-- deletes them in one statement, within about a second of the commit; a heatmap read first folds
-- every row committed before it. A process killed mid-fold leaves its rows for the next fold, in
-- any process.
CREATE TABLE tracking_heatmap_pending_cells (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Start of the UTC hour the group was received in (the hour cells' key).
  hour timestamptz NOT NULL,
  owner_workspace_ids uuid[] NOT NULL,
  -- No foreign key (one row spans several sites): the fold skips sites deleted meanwhile.
  owner_configuration_ids uuid[] NOT NULL,
  owner_page_urls text[] NOT NULL,
  owner_viewport_buckets text[] NOT NULL,
  owner_event_types text[] NOT NULL,
  cell_owners integer[] NOT NULL,
  x_bins smallint[] NOT NULL,
  y_bins integer[] NOT NULL,
  counts bigint[] NOT NULL
);
