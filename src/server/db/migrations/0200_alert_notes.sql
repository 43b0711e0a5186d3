-- Built-in anomaly rules that could not judge their day at the latest evaluation (issue #14:
-- "say so when history is too thin"): replaced for the workspace at every evaluation and shown
-- beside the alert history (GET /api/alerts → notes).
CREATE TABLE alert_notes (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  rule text NOT NULL,
  subject text NOT NULL,
  note text NOT NULL,
  noted_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, rule, subject)
);
