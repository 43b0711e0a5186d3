-- Model checks of an analysis run (Predictive Models page): the forecast's holdout evaluation,
-- the Pareto/NBD alternative fit, the BG/NBD frequency and calibration checks. They take seconds,
-- so they are computed once per run after its first read, outside the run itself, and kept here;
-- they go when their run is pruned. `checks` holds the ModelChecks contract (shared/contracts/models.ts).
CREATE TABLE analysis_model_checks (
  run_id uuid PRIMARY KEY REFERENCES analysis_runs (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('ready', 'failed')),
  checks jsonb NOT NULL,
  error text,
  computed_at timestamptz NOT NULL,
  duration_ms integer NOT NULL
);
CREATE INDEX analysis_model_checks_workspace_idx ON analysis_model_checks (workspace_id);
