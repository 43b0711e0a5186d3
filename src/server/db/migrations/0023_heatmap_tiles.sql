-- Heatmap tiles (issue 7 read budget: < 100 ms over 10M raw events, whatever the range).
--
-- Ingestion upserts cells per UTC hour into tracking_heatmap_hour_cells, a small table holding
-- only the hours not yet folded. Once an hour is over, the fold (ingest/heatmap-fold.ts) adds its
-- cells to the tile of its day and deletes them, in one transaction; a finished day completes
-- aligned blocks of 2, 4, … 256 days, built from their halves. Each tile packs every cell of one
-- site, page, viewport bucket ('*': all) and event type ('*': clicks and moves) over its block,
-- so a heatmap over any range reads at most two tiles per level plus the live hours.
-- Replaces the daily cells and month cells of 0020–0022.

CREATE TABLE tracking_heatmap_hour_cells (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  page_url text NOT NULL,
  -- Start of the UTC hour the events were received in.
  hour timestamptz NOT NULL,
  viewport_bucket text NOT NULL,
  event_type text NOT NULL,
  x_bin smallint NOT NULL,
  y_bin integer NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (configuration_id, page_url, viewport_bucket, event_type, hour, x_bin, y_bin)
) WITH (fillfactor = 70);
-- No index on hour: the table holds about an hour of cells, so the hourly fold scans it whole.

-- The daily cells become cells of their day's first hour, which the next fold turns into tiles.
INSERT INTO tracking_heatmap_hour_cells (workspace_id, configuration_id, page_url, hour, viewport_bucket,
  event_type, x_bin, y_bin, count)
SELECT workspace_id, configuration_id, page_url, day::timestamp AT TIME ZONE 'UTC', viewport_bucket, event_type,
  x_bin, y_bin, count
FROM tracking_heatmap_cells;

DROP TABLE tracking_heatmap_cells;
DROP TABLE tracking_heatmap_month_cells;
DROP TABLE tracking_heatmap_fold_state;

CREATE TABLE tracking_heatmap_tiles (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  page_url text NOT NULL,
  viewport_bucket text NOT NULL,
  event_type text NOT NULL,
  -- The block: 2^level days from first_day, whose day number since 1970-01-01 is a multiple of 2^level.
  level smallint NOT NULL CHECK (level BETWEEN 0 AND 8),
  first_day date NOT NULL,
  cell_count integer NOT NULL,
  -- 12 bytes a cell, sorted by cell index (row × 100 + column): uint32 index, float64 count, big-endian.
  cells bytea NOT NULL,
  PRIMARY KEY (configuration_id, page_url, viewport_bucket, event_type, level, first_day)
);
-- Tiles are read whole and often: not worth compressing (pglz would cost every read).
ALTER TABLE tracking_heatmap_tiles ALTER COLUMN cells SET STORAGE EXTERNAL;

CREATE TABLE tracking_heatmap_fold_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- Every hour before this one is in the tiles and gone from tracking_heatmap_hour_cells (but for
  -- rows a late commit adds to such an hour: the next fold adds them to their day's tiles).
  folded_before timestamptz NOT NULL
);
