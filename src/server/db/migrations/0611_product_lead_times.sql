-- One lead time per product (issue #36, decision 112): the supplier lead time the owner set for a
-- product — the days of cover under which its stock is "low" — else the stated default
-- (LOW_STOCK_COVER_DAYS). Who set it and when is kept here; each change (old, new) goes to the
-- audit log. The analysis classifies stock with it and keeps the lead time it used on each stock row,
-- so alerts, opportunities and /products say the same number of days.
CREATE TABLE product_lead_times (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  product_id bigint NOT NULL,
  lead_time_days integer NOT NULL CHECK (lead_time_days BETWEEN 1 AND 365),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, product_id)
);

ALTER TABLE analysis_stock_rows ADD COLUMN lead_time_days integer NOT NULL DEFAULT 14;
