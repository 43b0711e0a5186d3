-- Heatmap reads ask for one page, one viewport bucket and one event type over a range of days:
-- with those columns leading the primary key, a read is one tight index range instead of a scan
-- of every cell of the page. (The upsert's ON CONFLICT names the same columns, in any order.)
ALTER TABLE tracking_heatmap_cells DROP CONSTRAINT tracking_heatmap_cells_pkey;
ALTER TABLE tracking_heatmap_cells
  ADD PRIMARY KEY (configuration_id, page_url, viewport_bucket, event_type, day, x_bin, y_bin);
