-- Profit report (issue #13 item 3, GET /api/profit): the P&L inputs per workspace and shop day,
-- so a year by day reads ~365 rows instead of a million order lines. Lines follow decision 010;
-- amounts are bigint minor units of the shop currency. The subtotals (net sales, gross profit,
-- contribution margin, net profit) and the expenses are not stored: they are computed per request
-- from these rows and the owner's expenses (src/core/profit).
CREATE TABLE profit_daily (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  day date NOT NULL,
  gross_sales_minor bigint NOT NULL DEFAULT 0,
  discounts_minor bigint NOT NULL DEFAULT 0,
  returns_minor bigint NOT NULL DEFAULT 0,
  cogs_minor bigint NOT NULL DEFAULT 0,
  -- The part of cogs priced by the owner's default margin (estimated).
  cogs_estimated_minor bigint NOT NULL DEFAULT 0,
  shipping_minor bigint NOT NULL DEFAULT 0,
  payment_fees_minor bigint NOT NULL DEFAULT 0,
  marketing_minor bigint NOT NULL DEFAULT 0,
  -- Orders that count as sales on the day (per-order expenses) and the units they sold.
  sale_orders integer NOT NULL DEFAULT 0,
  units_sold bigint NOT NULL DEFAULT 0,
  units_with_cost bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, day)
);

-- The warehouse state each workspace's rows were built from: a read whose current version differs
-- rebuilds them first (one statement, under an advisory lock per workspace).
CREATE TABLE profit_rollup_versions (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  version text NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now()
);
