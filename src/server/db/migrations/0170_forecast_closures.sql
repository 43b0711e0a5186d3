-- Closures the owner confirms for the revenue forecast (issue #20.2, decision 013): a day the shop
-- will be closed, typically a suggested holiday closure (`suggestedClosures` of the forecast). The
-- analysis run forecasts these days closed (0) and leaves them out of the history it fits on.
-- Unconfirming deletes the row. One row per workspace and shop-local day.
CREATE TABLE forecast_closures (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  closed_on date NOT NULL,
  confirmed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  confirmed_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, closed_on)
);
