-- Issue 40 (decision 108): saved funnels of a store. Steps are `[{ kind, value }]` in order.
CREATE TABLE funnels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  steps jsonb NOT NULL,
  window_minutes integer NOT NULL CHECK (window_minutes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX funnels_workspace_idx ON funnels (workspace_id, created_at);
-- The funnel report reads a store's pixel events of a period by session.
CREATE INDEX tracking_pixel_events_session_idx ON tracking_pixel_events (workspace_id, session_id, occurred_at);
