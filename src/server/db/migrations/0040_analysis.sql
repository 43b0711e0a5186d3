-- Analysis runs and their snapshots (issue 6, part B). Each run writes its results tagged with
-- its id; endpoints read the latest succeeded run, so dashboards stay fast at any store size.
-- Opportunities keep one row per (workspace, type, subject) across runs so status survives
-- re-analysis. Column documentation lives in src/server/db/schema/analysis.ts.

CREATE TABLE analysis_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  trigger text NOT NULL,
  as_of date,
  currency_code text,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  duration_ms integer,
  error text,
  diagnostics jsonb NOT NULL DEFAULT '{}'::jsonb,
  forecast_accuracy jsonb
);
CREATE INDEX analysis_runs_latest_idx ON analysis_runs (workspace_id, status, finished_at DESC);
CREATE INDEX analysis_runs_started_idx ON analysis_runs (workspace_id, started_at DESC);

CREATE TABLE analysis_segments (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  segment text NOT NULL,
  position smallint NOT NULL,
  customers integer NOT NULL,
  orders integer NOT NULL,
  revenue double precision NOT NULL,
  growth_rate double precision,
  average_probability_alive double precision,
  average_clv double precision,
  PRIMARY KEY (run_id, segment)
);

CREATE TABLE analysis_customers (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  customer_id bigint NOT NULL,
  recency_days integer NOT NULL,
  frequency integer NOT NULL,
  monetary double precision NOT NULL,
  r smallint NOT NULL,
  f smallint NOT NULL,
  m smallint NOT NULL,
  segment text NOT NULL,
  probability_alive double precision,
  expected_orders_12m double precision,
  clv_12m double precision,
  PRIMARY KEY (run_id, customer_id)
);
CREATE INDEX analysis_customers_segment_idx ON analysis_customers (run_id, segment, clv_12m DESC);

CREATE TABLE analysis_cohort_points (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  week integer NOT NULL,
  retention_rate double precision NOT NULL,
  cohorts integer NOT NULL,
  customers integer NOT NULL,
  PRIMARY KEY (run_id, week)
);

CREATE TABLE analysis_forecast_points (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('history', 'forecast')),
  date date NOT NULL,
  value double precision NOT NULL,
  lo80 double precision,
  hi80 double precision,
  lo95 double precision,
  hi95 double precision,
  closed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (run_id, kind, date)
);

CREATE TABLE analysis_attribution_rows (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  channel text NOT NULL,
  match_rate double precision NOT NULL,
  revenue double precision NOT NULL,
  platform_revenue double precision,
  spend double precision,
  roas double precision,
  opportunity text NOT NULL,
  PRIMARY KEY (run_id, channel)
);

CREATE TABLE analysis_stock_rows (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  product_id text NOT NULL,
  product text NOT NULL,
  status text NOT NULL,
  available integer NOT NULL,
  daily_demand double precision,
  days_of_cover double precision,
  out_of_stock_days integer NOT NULL,
  lost_units double precision NOT NULL,
  estimated_loss double precision NOT NULL,
  baseline_had_stockouts boolean NOT NULL DEFAULT false,
  PRIMARY KEY (run_id, product_id)
);

-- Tracked 30-day metrics (product, campaign, segment, channel, store revenue) per run: baselines of
-- implemented opportunities and their realised change are read from here.
CREATE TABLE analysis_metrics (
  run_id uuid NOT NULL REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  metric_key text NOT NULL,
  value double precision NOT NULL,
  PRIMARY KEY (run_id, metric_key)
);

CREATE TABLE opportunities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  type text NOT NULL,
  subject_key text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  priority text NOT NULL CHECK (priority IN ('high', 'medium', 'low')),
  revenue_impact_min double precision NOT NULL,
  revenue_impact_max double precision NOT NULL,
  confidence_score double precision NOT NULL CHECK (confidence_score >= 0 AND confidence_score <= 1),
  effort_level text NOT NULL,
  evidence jsonb NOT NULL,
  metric_key text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'implemented', 'dismissed')),
  first_detected_at timestamptz NOT NULL,
  last_detected_at timestamptz NOT NULL,
  last_run_id uuid REFERENCES analysis_runs (id) ON DELETE SET NULL,
  implemented_at timestamptz,
  implemented_by uuid REFERENCES users (id) ON DELETE SET NULL,
  baseline jsonb,
  realised_impact double precision,
  realised_measured_at timestamptz,
  UNIQUE (workspace_id, type, subject_key)
);
CREATE INDEX opportunities_run_idx ON opportunities (workspace_id, last_run_id);
CREATE INDEX opportunities_status_idx ON opportunities (workspace_id, status, implemented_at);
