-- Profit (issue #13, decision 010): the cost ledger and the other costs. Described for readers in
-- docs/ARCHITECTURE.md § Profit tables.
--
--   * `wh_*` tables are warehouse facts (synced from Shopify, imported by the owner, or frozen at
--     sync); plain names are the owner's settings. Every table is scoped by workspace_id.
--   * Money is integer minor units of the shop currency (wh_shops.currency_code); percents are
--     exact numerics ("3.49" = 3.49 %). `*_date` / `effective_from` / `starts_on` are shop days.
--   * The large fact tables check their workspace once per statement (as migration 0033 does for
--     orders) instead of a per-row foreign key, and are emptied by their own delete trigger.

-- ── Cost ledger ───────────────────────────────────────────────────────────────────────────────
-- Dated unit-cost periods per variant. A period runs from effective_from until the next period of
-- the same rank. Cost in force on a day (decision 010): among periods with effective_from <= day,
-- the highest rank (owner's manual entry or import = 2 > Shopify = 1), then the latest
-- effective_from, then the latest created_at, then the highest id. No period: the default margin.
CREATE TABLE wh_cost_ledger (
  workspace_id uuid NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  variant_id bigint NOT NULL,
  -- SKU as entered or synced (a CSV row naming a SKU is resolved to its variant at import).
  sku text,
  cost_minor bigint NOT NULL CHECK (cost_minor >= 0),
  effective_from date NOT NULL CHECK (effective_from BETWEEN DATE '2000-01-01' AND DATE '2100-12-31'),
  source text NOT NULL CHECK (source IN ('manual', 'import', 'shopify')),
  rank smallint GENERATED ALWAYS AS (CASE WHEN source = 'shopify' THEN 1 ELSE 2 END) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- users.id of the owner who entered or imported it; null for periods the sync saw in Shopify.
  created_by uuid,
  -- cost_imports.id of the import that wrote it.
  import_id bigint,
  PRIMARY KEY (workspace_id, id),
  -- Entering a cost again for the same variant, source and day replaces it (re-importing a CSV is idempotent).
  UNIQUE (workspace_id, variant_id, source, effective_from)
);
CREATE INDEX wh_cost_ledger_in_force_idx
  ON wh_cost_ledger (workspace_id, variant_id, rank DESC, effective_from DESC, created_at DESC, id DESC);

-- Variant weight (inventoryItem.measurement.weight, converted to grams) for shipping profiles.
ALTER TABLE wh_variants ADD COLUMN weight_grams integer;

-- Frozen cost of each order line: the cost in force on the order's shop day, written when the
-- line is first synced and changed afterwards only by a recalculation. cost_source says where it
-- came from; cost_estimated is true for default-margin costs. Both null while no cost is known.
ALTER TABLE wh_order_line_items
  ADD COLUMN unit_cost_minor bigint,
  ADD COLUMN cost_source text CHECK (cost_source IN ('manual', 'import', 'shopify', 'default_margin')),
  ADD COLUMN cost_estimated boolean NOT NULL DEFAULT false;

-- ── Transactions and fees ─────────────────────────────────────────────────────────────────────
-- One row per Shopify OrderTransaction. fee_minor is the sum of its `fees` (null when the gateway
-- returned none: the owner's payment_fee_rules apply). kind/status as Shopify names them (SALE,
-- CAPTURE, AUTHORIZATION, REFUND, VOID / SUCCESS, FAILURE, PENDING, ERROR).
CREATE TABLE wh_order_transactions (
  workspace_id uuid NOT NULL,
  transaction_id bigint NOT NULL,
  order_id bigint NOT NULL,
  gateway text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  amount_minor bigint NOT NULL,
  fee_minor bigint,
  currency_code text NOT NULL,
  processed_at timestamptz NOT NULL,
  transaction_date date NOT NULL,
  PRIMARY KEY (workspace_id, transaction_id)
);
CREATE INDEX wh_order_transactions_date_idx ON wh_order_transactions (workspace_id, transaction_date);
CREATE INDEX wh_order_transactions_order_idx ON wh_order_transactions (workspace_id, order_id);

-- ── Refund lines ──────────────────────────────────────────────────────────────────────────────
-- One row per refunded line (Refund.refundLineItems). restocked: the goods came back, so their
-- frozen cost is reversed on refund_date (decision 010). subtotal_minor is after discounts, before tax.
CREATE TABLE wh_refund_line_items (
  workspace_id uuid NOT NULL,
  refund_id bigint NOT NULL,
  line_item_id bigint NOT NULL,
  order_id bigint NOT NULL,
  refund_date date NOT NULL,
  quantity integer NOT NULL,
  subtotal_minor bigint NOT NULL,
  restocked boolean NOT NULL,
  -- Shopify's RefundLineItemRestockType (RETURN, CANCEL, NO_RESTOCK, LEGACY_RESTOCK) when sent.
  restock_type text,
  PRIMARY KEY (workspace_id, refund_id, line_item_id)
);
CREATE INDEX wh_refund_line_items_date_idx ON wh_refund_line_items (workspace_id, refund_date);
-- Refunded shipping of a refund (null when the upstream does not say).
ALTER TABLE wh_refunds ADD COLUMN shipping_minor bigint;

-- ── Shipping cost per order ───────────────────────────────────────────────────────────────────
-- source 'import': the owner's per-order CSV; 'profile': computed from shipping_profiles when the
-- order was first synced (destination country × order weight), recomputed by a recalculation.
-- Cost of an order (decision 010): its 'import' row, else its 'profile' row, else
-- wh_orders.shipping_minor (the shipping charged).
CREATE TABLE wh_order_shipping_costs (
  workspace_id uuid NOT NULL,
  order_id bigint NOT NULL,
  source text NOT NULL CHECK (source IN ('import', 'profile')),
  cost_minor bigint NOT NULL CHECK (cost_minor >= 0),
  -- Order weight used by a 'profile' row (Σ quantity × variant weight).
  weight_grams integer,
  order_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, order_id, source)
);
CREATE INDEX wh_order_shipping_costs_date_idx ON wh_order_shipping_costs (workspace_id, order_date);

-- ── The owner's settings ──────────────────────────────────────────────────────────────────────
-- Fee rule per gateway for transactions without fees: round(percent/100 × amount) + fixed.
CREATE TABLE payment_fee_rules (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  gateway text NOT NULL,
  percent numeric(7, 4) NOT NULL CHECK (percent >= 0 AND percent <= 100),
  fixed_minor bigint NOT NULL CHECK (fixed_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  PRIMARY KEY (workspace_id, gateway)
);

-- Shipping cost by destination ('*' = every other country) and order weight band
-- min_grams <= weight < max_grams (null: no upper bound). An exact country beats '*'; among
-- matching bands of one country the one with the highest min_grams wins.
CREATE TABLE shipping_profiles (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  country text NOT NULL CHECK (country ~ '^([A-Z]{2}|\*)$'),
  min_grams integer NOT NULL CHECK (min_grams >= 0),
  max_grams integer CHECK (max_grams IS NULL OR max_grams > min_grams),
  cost_minor bigint NOT NULL CHECK (cost_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, country, min_grams)
);

-- Custom expenses, in force each day of [starts_on, ends_on] (ends_on null: open). 'monthly' and
-- 'per_order' carry amount_minor; the percent kinds carry percent (of that day's net sales or ad spend).
CREATE TABLE expenses (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  kind text NOT NULL CHECK (kind IN ('monthly', 'per_order', 'percent_of_net_sales', 'percent_of_ad_spend')),
  amount_minor bigint CHECK (amount_minor >= 0),
  percent numeric(7, 4) CHECK (percent >= 0 AND percent <= 100),
  starts_on date NOT NULL CHECK (starts_on BETWEEN DATE '2000-01-01' AND DATE '2100-12-31'),
  ends_on date CHECK (ends_on IS NULL OR (ends_on >= starts_on AND ends_on <= DATE '2100-12-31')),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  PRIMARY KEY (workspace_id, id),
  CHECK ((kind IN ('monthly', 'per_order')) = (amount_minor IS NOT NULL)),
  CHECK ((kind IN ('percent_of_net_sales', 'percent_of_ad_spend')) = (percent IS NOT NULL))
);

-- One row per workspace: the default margin for items with no cost (cost = price × (1 − margin)),
-- null when the owner has set none.
CREATE TABLE profit_settings (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  default_margin_percent numeric(7, 4) CHECK (default_margin_percent >= 0 AND default_margin_percent < 100),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);

-- Audit of CSV imports (costs or per-order shipping).
CREATE TABLE cost_imports (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  kind text NOT NULL CHECK (kind IN ('costs', 'shipping')),
  file_name text,
  rows_stored integer NOT NULL,
  -- SKUs / variant ids / orders the CSV named that the warehouse does not know (listed, not fatal).
  unknown jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  PRIMARY KEY (workspace_id, id)
);

-- Recalculation runs: re-freeze costs (and profile shipping) of the lines whose order day is in
-- [from_date, to_date]. Progress for the page; the audit entry is the finished row (who, when,
-- what changed: lines_changed and cost_delta_minor, how many lines: lines_total).
CREATE TABLE cost_recalculations (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  job_id bigint,
  from_date date NOT NULL,
  to_date date NOT NULL CHECK (to_date >= from_date),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'succeeded', 'failed')),
  lines_total bigint NOT NULL DEFAULT 0,
  lines_done bigint NOT NULL DEFAULT 0,
  lines_changed bigint NOT NULL DEFAULT 0,
  -- Σ (new − old) × quantity over the changed lines: how much COGS moved.
  cost_delta_minor bigint NOT NULL DEFAULT 0,
  error text,
  requested_by uuid,
  requested_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX cost_recalculations_recent_idx ON cost_recalculations (workspace_id, requested_at DESC);

-- ── Workspace scoping of the fact tables (as migration 0033) ──────────────────────────────────
CREATE TRIGGER wh_cost_ledger_workspace_check AFTER INSERT ON wh_cost_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_order_transactions_workspace_check AFTER INSERT ON wh_order_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_refund_line_items_workspace_check AFTER INSERT ON wh_refund_line_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_order_shipping_costs_workspace_check AFTER INSERT ON wh_order_shipping_costs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();

CREATE FUNCTION wh_delete_workspace_profit_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM wh_cost_ledger WHERE workspace_id = OLD.id;
  DELETE FROM wh_order_transactions WHERE workspace_id = OLD.id;
  DELETE FROM wh_refund_line_items WHERE workspace_id = OLD.id;
  DELETE FROM wh_order_shipping_costs WHERE workspace_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER workspaces_delete_profit_rows AFTER DELETE ON workspaces
  FOR EACH ROW EXECUTE FUNCTION wh_delete_workspace_profit_rows();
