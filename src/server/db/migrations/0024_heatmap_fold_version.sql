-- Bumped by every fold step (ingest/heatmap-fold.ts), including steps that only add late rows to
-- tiles without moving the mark: the heatmap read caches the summed tiles per version.
ALTER TABLE tracking_heatmap_fold_state ADD COLUMN version bigint NOT NULL DEFAULT 0;
