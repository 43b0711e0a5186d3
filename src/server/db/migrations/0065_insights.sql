-- AI Insights (helper h7): what the insights page needs beyond the analysis snapshot, written by
-- the same run (services/write-insight-snapshot.ts) and read with it. Periods are 7, 30 and 90 days
-- ending on the run's as_of. Money is the shop currency in major units. Column documentation lives
-- in src/server/db/schema/insights.ts.

-- Each day of a period beside the forecast made the day before the period began (95 % band).
CREATE TABLE analysis_insight_days (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  period smallint NOT NULL,
  date date NOT NULL,
  actual double precision NOT NULL,
  expected double precision NOT NULL,
  lo95 double precision NOT NULL,
  hi95 double precision NOT NULL,
  PRIMARY KEY (run_id, period, date)
);

-- Revenue per product, channel and segment in a period and in the one before (the biggest movers
-- only), plus the store's net revenue (dimension 'store', key 'all').
CREATE TABLE analysis_insight_movers (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  period smallint NOT NULL,
  dimension text NOT NULL CHECK (dimension IN ('store', 'product', 'channel', 'segment')),
  key text NOT NULL,
  label text NOT NULL,
  current double precision NOT NULL,
  previous double precision NOT NULL,
  PRIMARY KEY (run_id, period, dimension, key)
);
