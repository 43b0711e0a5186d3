-- Warehouse (issue 6, part A): the store's facts copied from Shopify, GA4 and Meta by the sync
-- jobs. Column-by-column documentation lives in src/server/db/schema/warehouse.ts.
--
-- Conventions:
--   * every table has workspace_id and a natural primary key that starts with it, so every sync
--     is an idempotent upsert (running it twice changes nothing);
--   * Shopify ids are the numeric part of the GID (`gid://shopify/Order/123` -> 123, bigint);
--   * money is exact: bigint minor units (cents; whole yen for JPY) in the currency named by the
--     row's `currency_code` (Shopify: the shop currency from shopMoney, never presentment money);
--   * `*_date` columns are days in the shop's time zone (wh_shops.iana_timezone), computed at
--     sync time with the IANA rules, so DST and orders just after midnight land on the right day.
-- No foreign keys between warehouse tables: upstream order of arrival is not guaranteed (an order
-- may name a customer or variant synced later), and bulk loads stay fast.

CREATE TABLE wh_shops (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  shop_domain text NOT NULL,
  name text NOT NULL,
  currency_code text NOT NULL,
  currency_digits smallint NOT NULL,
  iana_timezone text NOT NULL,
  synced_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wh_orders (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  order_id bigint NOT NULL,
  name text NOT NULL,
  order_number integer,
  currency_code text NOT NULL,
  presentment_currency_code text,
  total_minor bigint NOT NULL,
  subtotal_minor bigint,
  tax_minor bigint,
  discount_minor bigint,
  shipping_minor bigint,
  refunded_minor bigint NOT NULL DEFAULT 0,
  total_presentment_minor bigint,
  created_at timestamptz NOT NULL,
  processed_at timestamptz,
  cancelled_at timestamptz,
  updated_at timestamptz NOT NULL,
  order_date date NOT NULL,
  financial_status text,
  fulfillment_status text,
  test boolean NOT NULL DEFAULT false,
  customer_id bigint,
  discount_code text,
  country_code text,
  source_name text,
  source_type text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_content text,
  utm_term text,
  landing_page text,
  referrer_url text,
  moments_count integer,
  days_to_conversion integer,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, order_id)
);
CREATE INDEX wh_orders_date_idx ON wh_orders (workspace_id, order_date);
CREATE INDEX wh_orders_customer_idx ON wh_orders (workspace_id, customer_id, created_at);
CREATE INDEX wh_orders_updated_idx ON wh_orders (workspace_id, updated_at);

CREATE TABLE wh_order_line_items (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  line_item_id bigint NOT NULL,
  order_id bigint NOT NULL,
  order_date date NOT NULL,
  product_id bigint,
  variant_id bigint,
  title text NOT NULL,
  variant_title text,
  sku text,
  quantity integer NOT NULL,
  unit_price_minor bigint NOT NULL,
  discount_minor bigint NOT NULL DEFAULT 0,
  currency_code text NOT NULL,
  PRIMARY KEY (workspace_id, line_item_id)
);
CREATE INDEX wh_order_line_items_order_idx ON wh_order_line_items (workspace_id, order_id);
CREATE INDEX wh_order_line_items_variant_idx ON wh_order_line_items (workspace_id, variant_id, order_date);

CREATE TABLE wh_refunds (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  refund_id bigint NOT NULL,
  order_id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  refund_date date NOT NULL,
  amount_minor bigint NOT NULL,
  currency_code text NOT NULL,
  note text,
  PRIMARY KEY (workspace_id, refund_id)
);
CREATE INDEX wh_refunds_date_idx ON wh_refunds (workspace_id, refund_date);
CREATE INDEX wh_refunds_order_idx ON wh_refunds (workspace_id, order_id);

-- Customer journey touchpoints of an order (Shopify customerJourneySummary): position 0 is the
-- first visit, position 1 the last visit (a one-visit journey has both, equal).
CREATE TABLE wh_journey_touchpoints (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  order_id bigint NOT NULL,
  position smallint NOT NULL,
  occurred_at timestamptz,
  source text,
  source_type text,
  referrer_url text,
  landing_page text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_content text,
  utm_term text,
  PRIMARY KEY (workspace_id, order_id, position)
);

CREATE TABLE wh_customers (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  customer_id bigint NOT NULL,
  first_name text,
  last_name text,
  email text,
  number_of_orders integer,
  amount_spent_minor bigint,
  currency_code text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, customer_id)
);

CREATE TABLE wh_products (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  product_id bigint NOT NULL,
  title text NOT NULL,
  handle text,
  status text,
  vendor text,
  product_type text,
  total_inventory integer,
  created_at timestamptz,
  updated_at timestamptz,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, product_id)
);

CREATE TABLE wh_variants (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  variant_id bigint NOT NULL,
  product_id bigint NOT NULL,
  title text NOT NULL,
  sku text,
  price_minor bigint,
  unit_cost_minor bigint,
  currency_code text NOT NULL,
  inventory_item_id bigint,
  inventory_tracked boolean,
  inventory_quantity integer,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, variant_id)
);
CREATE INDEX wh_variants_product_idx ON wh_variants (workspace_id, product_id);

-- One row per (shop-local day, variant, location): the levels seen by that day's last sync.
CREATE TABLE wh_inventory_snapshots (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  snapshot_date date NOT NULL,
  variant_id bigint NOT NULL,
  location_id bigint NOT NULL,
  location_name text,
  available integer NOT NULL,
  on_hand integer,
  committed integer,
  captured_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, snapshot_date, variant_id, location_id)
);
CREATE INDEX wh_inventory_snapshots_variant_idx ON wh_inventory_snapshots (workspace_id, variant_id, snapshot_date);

CREATE TABLE wh_ga4_daily_channels (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  date date NOT NULL,
  session_source text NOT NULL,
  session_medium text NOT NULL,
  channel_group text NOT NULL,
  sessions bigint NOT NULL,
  engaged_sessions bigint NOT NULL,
  active_users bigint NOT NULL,
  new_users bigint NOT NULL,
  screen_page_views bigint NOT NULL,
  key_events bigint NOT NULL,
  purchase_revenue_minor bigint NOT NULL,
  currency_code text NOT NULL,
  PRIMARY KEY (workspace_id, date, session_source, session_medium)
);

CREATE TABLE wh_ga4_daily_pages (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  date date NOT NULL,
  page_path text NOT NULL,
  page_title text,
  sessions bigint NOT NULL,
  engaged_sessions bigint NOT NULL,
  screen_page_views bigint NOT NULL,
  key_events bigint NOT NULL,
  purchase_revenue_minor bigint NOT NULL,
  currency_code text NOT NULL,
  PRIMARY KEY (workspace_id, date, page_path)
);

CREATE TABLE wh_meta_campaigns (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  campaign_id text NOT NULL,
  name text NOT NULL,
  status text,
  effective_status text,
  objective text,
  daily_budget_minor bigint,
  lifetime_budget_minor bigint,
  currency_code text NOT NULL,
  start_time timestamptz,
  stop_time timestamptz,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, campaign_id)
);

CREATE TABLE wh_meta_daily_insights (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  date date NOT NULL,
  campaign_id text NOT NULL,
  campaign_name text NOT NULL,
  campaign_status text,
  spend_minor bigint NOT NULL,
  impressions bigint NOT NULL,
  clicks bigint NOT NULL,
  reach bigint,
  reported_purchases integer NOT NULL,
  reported_purchase_value_minor bigint NOT NULL,
  currency_code text NOT NULL,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, date, campaign_id)
);
