-- The analysis facts kept per shop day (decision 084). An analysis run read its order facts by
-- scanning the whole of wh_orders and wh_order_line_items (a million orders: ~5 s of the
-- database's two cores) although a sync changes a few days. The sums are now kept per order day
-- and refreshed, by the run, for the days written since (refresh-analysis-facts.ts):
--   * every statement that writes orders, their lines or their refunds marks the order days it
--     touched in wh_fact_dirty_days (statement triggers below, one mark row per day and statement);
--   * a run takes the marks and recomputes exactly those days, in one transaction.
-- Marks are plain appends, no unique key: writers never wait for each other on a mark, and a
-- refresh deletes the marks it saw, so a write committed after it stays marked for the next one.
-- Each customer's orders (the lifetime models' ledger) are kept the same way, per customer.

CREATE TABLE wh_fact_dirty_days (
  workspace_id uuid NOT NULL,
  order_date date NOT NULL
);
CREATE INDEX wh_fact_dirty_days_workspace_idx ON wh_fact_dirty_days (workspace_id);

CREATE TABLE wh_fact_dirty_customers (
  workspace_id uuid NOT NULL,
  customer_id bigint NOT NULL
);
CREATE INDEX wh_fact_dirty_customers_workspace_idx ON wh_fact_dirty_customers (workspace_id);

-- A customer's valid orders as `day total` pairs joined by commas (day: days since 1970-01-01,
-- total in minor units; read-customer-orders.ts), in no particular order.
CREATE TABLE wh_fact_customer_orders (
  workspace_id uuid NOT NULL,
  customer_id bigint NOT NULL,
  orders text NOT NULL,
  PRIMARY KEY (workspace_id, customer_id)
);

-- A marked customer's valid orders are read from this index alone (the order totals included):
-- after a day's sync, thousands of customers' orders without a visit to the order rows.
DROP INDEX wh_orders_customer_first_day_idx;
CREATE INDEX wh_orders_customer_first_day_idx ON wh_orders (workspace_id, customer_id, order_date)
  INCLUDE (total_minor) WHERE NOT test AND cancelled_at IS NULL;

-- Valid orders (not test, not cancelled) per day and journey: what decides their channels and
-- campaigns, as one JSON text (refresh-analysis-facts.ts).
CREATE TABLE wh_fact_order_days (
  workspace_id uuid NOT NULL,
  order_date date NOT NULL,
  journey text NOT NULL,
  orders integer NOT NULL,
  total_minor bigint NOT NULL
);
CREATE INDEX wh_fact_order_days_day_idx ON wh_fact_order_days (workspace_id, order_date);

-- The same, per landing page, for the journeys naming a campaign that landed on a product page.
CREATE TABLE wh_fact_order_landings (
  workspace_id uuid NOT NULL,
  order_date date NOT NULL,
  journey text NOT NULL,
  landing_page text NOT NULL,
  orders integer NOT NULL
);
CREATE INDEX wh_fact_order_landings_day_idx ON wh_fact_order_landings (workspace_id, order_date);

-- Units and net line revenue of valid orders per variant and order day.
CREATE TABLE wh_fact_variant_days (
  workspace_id uuid NOT NULL,
  order_date date NOT NULL,
  variant_id bigint NOT NULL,
  units bigint NOT NULL,
  revenue_minor bigint NOT NULL
);
CREATE INDEX wh_fact_variant_days_day_idx ON wh_fact_variant_days (workspace_id, order_date);

-- Refunds of valid orders per refund day, by their order's day and credit columns.
CREATE TABLE wh_fact_refund_days (
  workspace_id uuid NOT NULL,
  order_date date NOT NULL,
  refund_date date NOT NULL,
  has_journey boolean NOT NULL,
  utm_source text,
  utm_medium text,
  source_type text,
  utm_campaign text,
  first_utm_source text,
  first_utm_medium text,
  first_source_type text,
  first_utm_campaign text,
  amount_minor bigint NOT NULL
);
CREATE INDEX wh_fact_refund_days_day_idx ON wh_fact_refund_days (workspace_id, order_date);

-- The fact rows name an existing workspace, checked once per statement as the warehouse's own
-- rows are (migration 0033): a refresh racing a workspace's deletion fails instead of leaving
-- rows behind. Not the marks: deleting a workspace's orders marks their days after the
-- workspace row is gone, and wh_delete_workspace_rows deletes those marks last.
CREATE TRIGGER wh_fact_order_days_workspace_check AFTER INSERT ON wh_fact_order_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_fact_order_landings_workspace_check AFTER INSERT ON wh_fact_order_landings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_fact_variant_days_workspace_check AFTER INSERT ON wh_fact_variant_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_fact_refund_days_workspace_check AFTER INSERT ON wh_fact_refund_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_fact_customer_orders_workspace_check AFTER INSERT ON wh_fact_customer_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();

-- Orders carry their day and customer.
CREATE FUNCTION wh_fact_mark_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
      SELECT DISTINCT workspace_id, order_date FROM new_rows;
    INSERT INTO wh_fact_dirty_customers (workspace_id, customer_id)
      SELECT DISTINCT workspace_id, customer_id FROM new_rows WHERE customer_id IS NOT NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
      SELECT DISTINCT workspace_id, order_date FROM old_rows;
    INSERT INTO wh_fact_dirty_customers (workspace_id, customer_id)
      SELECT DISTINCT workspace_id, customer_id FROM old_rows WHERE customer_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;

-- Lines carry their order's day.
CREATE FUNCTION wh_fact_mark_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
      SELECT DISTINCT workspace_id, order_date FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
      SELECT DISTINCT workspace_id, order_date FROM old_rows;
  END IF;
  RETURN NULL;
END $$;

-- A refund counts by its refund day but belongs to its order: the order's day is marked. (A
-- refund written before its order is covered by the order's own mark.)
CREATE FUNCTION wh_fact_mark_refund_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
      SELECT DISTINCT o.workspace_id, o.order_date
      FROM new_rows r JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
      SELECT DISTINCT o.workspace_id, o.order_date
      FROM old_rows r JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id;
  END IF;
  RETURN NULL;
END $$;

-- Transition tables allow one event per trigger.
CREATE TRIGGER wh_orders_facts_insert AFTER INSERT ON wh_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_orders();
CREATE TRIGGER wh_orders_facts_update AFTER UPDATE ON wh_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_orders();
CREATE TRIGGER wh_orders_facts_delete AFTER DELETE ON wh_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_orders();
CREATE TRIGGER wh_order_line_items_facts_insert AFTER INSERT ON wh_order_line_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_order_line_items_facts_update AFTER UPDATE ON wh_order_line_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_order_line_items_facts_delete AFTER DELETE ON wh_order_line_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_refunds_facts_insert AFTER INSERT ON wh_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_refund_days();
CREATE TRIGGER wh_refunds_facts_update AFTER UPDATE ON wh_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_refund_days();
CREATE TRIGGER wh_refunds_facts_delete AFTER DELETE ON wh_refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_refund_days();

-- A deleted workspace's facts go with its warehouse rows (after them: their deletes add marks).
CREATE OR REPLACE FUNCTION wh_delete_workspace_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM wh_journey_touchpoints WHERE workspace_id = OLD.id;
  DELETE FROM wh_refunds WHERE workspace_id = OLD.id;
  DELETE FROM wh_order_line_items WHERE workspace_id = OLD.id;
  DELETE FROM wh_orders WHERE workspace_id = OLD.id;
  DELETE FROM wh_customers WHERE workspace_id = OLD.id;
  DELETE FROM wh_fact_order_days WHERE workspace_id = OLD.id;
  DELETE FROM wh_fact_order_landings WHERE workspace_id = OLD.id;
  DELETE FROM wh_fact_variant_days WHERE workspace_id = OLD.id;
  DELETE FROM wh_fact_refund_days WHERE workspace_id = OLD.id;
  DELETE FROM wh_fact_customer_orders WHERE workspace_id = OLD.id;
  DELETE FROM wh_fact_dirty_days WHERE workspace_id = OLD.id;
  DELETE FROM wh_fact_dirty_customers WHERE workspace_id = OLD.id;
  RETURN OLD;
END $$;

-- Every day and customer of the existing warehouse is computed by the next run.
INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
  SELECT DISTINCT workspace_id, order_date FROM wh_orders;
INSERT INTO wh_fact_dirty_customers (workspace_id, customer_id)
  SELECT DISTINCT workspace_id, customer_id FROM wh_orders WHERE customer_id IS NOT NULL;
