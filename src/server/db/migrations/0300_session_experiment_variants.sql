-- A/B variant filter of the heatmaps (issue 16 item 4, decision 064). The visitor's variants come
-- with the landing URL (`?upside_exp=<experiment>:<variant>[,…]`, kept by the tracker and by
-- keepCampaignParams), so they are derived from the stored landing URL rather than written by the
-- ingestion statement: one generated column, set when the session's first write sets landing_url.
-- Values are lower-cased `experiment:variant` strings; URLSearchParams encodes ':' and ',' on the way.
ALTER TABLE tracking_sessions ADD COLUMN experiment_variants text[] GENERATED ALWAYS AS (
  string_to_array(
    replace(replace(lower(substring(landing_url FROM '[?&]upside_exp=([^&#]*)')), '%3a', ':'), '%2c', ','),
    ','
  )
) STORED;
-- The filter finds a variant's sessions; the picker lists the variants of a site's recent sessions.
-- Both partial: sessions outside any experiment (most of them) cost ingestion nothing.
CREATE INDEX tracking_sessions_experiment_idx ON tracking_sessions USING gin (experiment_variants)
  WHERE experiment_variants IS NOT NULL;
CREATE INDEX tracking_sessions_experiment_started_idx ON tracking_sessions (workspace_id, started_at)
  WHERE experiment_variants IS NOT NULL;
