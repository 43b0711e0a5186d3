-- A/B tests the owner records (helper h7): one row per experiment, scoped to its workspace. The
-- arms are a small ordered JSON array (the first is the control):
--   [{ "name": text, "visitors": int, "conversions": int, "revenueMinor": int }]
-- revenueMinor is integer minor units of currency_code (exact money). Column documentation lives
-- in src/server/db/schema/experiments.ts.
CREATE TABLE experiments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  hypothesis text NOT NULL DEFAULT '',
  currency_code text NOT NULL,
  minimum_detectable_effect double precision NOT NULL,
  variants jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX experiments_workspace_idx ON experiments (workspace_id, created_at DESC);
