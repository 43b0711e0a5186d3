-- Heatmap cells of unfolded hours are appended by the ingestion commit itself, one row per commit
-- and cell owner (site, page, viewport bucket, event type) holding that commit's cells as arrays,
-- instead of a pending row per commit that a background fold upserted cell by cell into the hour
-- cells (decision 085, superseding 070 and 082). Readers keep reading the hour cells: they are now
-- a view that unnests the parts, so a cell may appear once per part and every reader sums.

CREATE TABLE tracking_heatmap_hour_parts (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  page_url text NOT NULL,
  -- Start of the UTC hour the commit was received in.
  hour timestamptz NOT NULL,
  viewport_bucket text NOT NULL,
  event_type text NOT NULL,
  -- 0: one commit's cells; n + 1: the sum of parts of level n (features/tracking/ingest/hour-parts.ts).
  level smallint NOT NULL DEFAULT 0,
  x_bins smallint[] NOT NULL,
  y_bins integer[] NOT NULL,
  counts bigint[] NOT NULL,
  CHECK (cardinality(x_bins) = cardinality(counts) AND cardinality(y_bins) = cardinality(counts))
);
-- Heatmap reads pin the site, page and hours; the hourly tile fold scans the table whole.
CREATE INDEX tracking_heatmap_hour_parts_owner_idx ON tracking_heatmap_hour_parts (configuration_id, page_url, hour);

-- The hour cells as they stand: one part per owner and hour.
INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
  event_type, x_bins, y_bins, counts)
SELECT workspace_id, configuration_id, page_url, hour, viewport_bucket, event_type,
  array_agg(x_bin), array_agg(y_bin), array_agg(count)
FROM tracking_heatmap_hour_cells
GROUP BY workspace_id, configuration_id, page_url, hour, viewport_bucket, event_type;

-- Pending rows not folded yet: one part per row and owner (sites deleted meanwhile skipped, as the
-- fold did).
INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
  event_type, x_bins, y_bins, counts)
SELECT o.w, o.c, o.p, t.hour, o.v, o.e, array_agg(r.x), array_agg(r.y), array_agg(r.n)
FROM tracking_heatmap_pending_cells t
  CROSS JOIN LATERAL unnest(t.owner_workspace_ids, t.owner_configuration_ids, t.owner_page_urls,
    t.owner_viewport_buckets, t.owner_event_types) WITH ORDINALITY AS o(w, c, p, v, e, k)
  JOIN LATERAL unnest(t.cell_owners, t.x_bins, t.y_bins, t.counts) AS r(o, x, y, n) ON r.o = o.k
WHERE o.c IN (SELECT id FROM tracking_configurations)
GROUP BY t.id, o.k, o.w, o.c, o.p, t.hour, o.v, o.e;

DROP TABLE tracking_heatmap_pending_cells;
DROP TABLE tracking_heatmap_hour_cells;

CREATE VIEW tracking_heatmap_hour_cells AS
SELECT p.workspace_id, p.configuration_id, p.page_url, p.hour, p.viewport_bucket, p.event_type,
  c.x_bin, c.y_bin, c.count
FROM tracking_heatmap_hour_parts p
  CROSS JOIN LATERAL unnest(p.x_bins, p.y_bins, p.counts) AS c(x_bin, y_bin, count);
