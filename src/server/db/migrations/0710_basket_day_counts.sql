-- Issue 44, decision 149: the affinity read (GET /api/products/affinity) as a sum over kept days.
-- Per order: what the fold last saw of it (a content hash of the order's day, placing instant,
-- customer and sale state, its lines and their refunded lines) and its place in its customer's
-- sale orders (previous, next, first). Non-sale orders are kept too (sale = false) so an order
-- that stops or starts being a sale is seen as changed.
CREATE TABLE basket_orders (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  order_id bigint NOT NULL,
  order_date date NOT NULL,
  customer_id bigint,
  sale boolean NOT NULL,
  fingerprint bigint NOT NULL,
  prev_id bigint,
  prev_date date,
  next_id bigint,
  next_date date,
  first_id bigint,
  first_date date,
  PRIMARY KEY (workspace_id, order_id)
);
CREATE INDEX basket_orders_day_idx ON basket_orders (workspace_id, order_date);
CREATE INDEX basket_orders_customer_idx ON basket_orders (workspace_id, customer_id, order_date);
-- A window's edge orders: next order after its end, previous order before its start.
CREATE INDEX basket_orders_next_idx ON basket_orders (workspace_id, next_date);
CREATE INDEX basket_orders_prev_idx ON basket_orders (workspace_id, prev_date);

-- Per period of the (first) order's shop day — level 0 a day, 1 a calendar month, 2 a calendar
-- year, `day` its first day; months and years are sums of the days; first products (kind 4) only
-- per day, at level 3 — kind 0 baskets, 1 a product's baskets, 2 a pair bought
-- together (a < b), 3 product a → next order's product b, 4 first product a. Counts and float8
-- sums of line contribution and revenue with every refund known at the fold; the read corrects
-- refunds made after its window and next/previous orders outside it.
CREATE TABLE basket_day_counts (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  level smallint NOT NULL,
  day date NOT NULL,
  kind smallint NOT NULL,
  a bigint NOT NULL,
  b bigint NOT NULL,
  n bigint NOT NULL,
  steps bigint NOT NULL,
  nexts bigint NOT NULL,
  repeat bigint NOT NULL,
  contribution double precision NOT NULL,
  revenue double precision NOT NULL,
  PRIMARY KEY (workspace_id, level, day, kind, a, b)
);

-- The warehouse version the kept rows were last folded at (null: folded without a sync version).
CREATE TABLE basket_fold_state (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  version text,
  folded_at timestamptz NOT NULL
);
