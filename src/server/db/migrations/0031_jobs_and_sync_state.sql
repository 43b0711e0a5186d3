-- Durable job queue and per-source sync state (issue 6, part A); documented in
-- src/server/db/schema/jobs.ts and src/server/jobs/README.md.

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'running', 'succeeded', 'failed', 'cancelled')),
  -- At most one job per key is pending or running: enqueueing a duplicate returns the live one,
  -- and two syncs of the same (workspace, source) can never run together.
  concurrency_key text,
  priority integer NOT NULL DEFAULT 100,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  locked_by text,
  locked_at timestamptz,
  heartbeat_at timestamptz,
  last_error text,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX jobs_live_concurrency_key ON jobs (concurrency_key) WHERE status IN ('pending', 'running');
CREATE INDEX jobs_claim_idx ON jobs (priority, run_at) WHERE status = 'pending';
CREATE INDEX jobs_running_idx ON jobs (heartbeat_at) WHERE status = 'running';
CREATE INDEX jobs_workspace_idx ON jobs (workspace_id, created_at DESC);

CREATE TABLE sync_states (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('shopify', 'ga4', 'meta')),
  cursor jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'never' CHECK (status IN ('never', 'running', 'succeeded', 'failed')),
  last_started_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  last_run_rows bigint NOT NULL DEFAULT 0,
  data_through timestamptz,
  backfill_completed_at timestamptz,
  quota jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, source)
);
