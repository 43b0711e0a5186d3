-- Raw-first cursor-event ingestion (issue #43 item 1, decision 125). With TRACKING_RAW_FIRST on, a
-- request writes only tracking_events rows and a fold builds every rollup from them later, so a raw
-- row must hold what the sessions rollup took from the request: the event's referrer, visitor id,
-- cart token and e-mail hash (the landing page, device and campaign come from columns it has).
-- `ingested_at` is the database's clock_timestamp() of the writing transaction, read under a shared
-- advisory lock; NULL for rows whose rollups the request wrote itself (the switch off), which the
-- fold never reads.
ALTER TABLE tracking_events
  ADD COLUMN referrer text,
  ADD COLUMN visitor_id text,
  ADD COLUMN cart_token text,
  ADD COLUMN email_hash text,
  ADD COLUMN ingested_at timestamptz;
CREATE INDEX tracking_events_ingested_at_brin ON tracking_events USING brin (ingested_at);

-- One row: every raw row with ingested_at before `folded_before` is in the rollups, none after it.
CREATE TABLE tracking_fold_watermark (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  folded_before timestamptz NOT NULL
);
INSERT INTO tracking_fold_watermark (id, folded_before) VALUES (true, now());
