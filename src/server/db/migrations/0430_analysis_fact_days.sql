-- The analysis facts kept per shop day (decision 084). An analysis run read its order facts by
-- scanning the whole of wh_orders and wh_order_line_items (a million orders: ~5 s of the
-- database's two cores) although a sync changes a few days. The sums are now kept per order day
-- and refreshed, by the run, for the days written since (refresh-fact-days.ts):
--   * every statement that writes orders, their lines or their refunds marks the order days it
--     touched in wh_fact_dirty_days (statement triggers below, one mark row per day and statement);
--   * a run takes the marks and recomputes exactly those days, in one transaction.
-- Marks are plain appends, no unique key: writers never wait for each other on a mark, and a
-- refresh deletes the marks it saw, so a write committed after it stays marked for the next one.

CREATE TABLE wh_fact_dirty_days (
  workspace_id uuid NOT NULL,
  order_date date NOT NULL
);
CREATE INDEX wh_fact_dirty_days_workspace_idx ON wh_fact_dirty_days (workspace_id);

-- Valid orders (not test, not cancelled) per day and what decides their channel and campaign.
CREATE TABLE wh_fact_order_days (
  workspace_id uuid NOT NULL,
  order_date date NOT NULL,
  has_journey boolean NOT NULL,
  utm_source text,
  utm_medium text,
  source_type text,
  utm_campaign text,
  first_utm_source text,
  first_utm_medium text,
  first_source_type text,
  first_utm_campaign text,
  orders integer NOT NULL,
  total_minor bigint NOT NULL
);
CREATE INDEX wh_fact_order_days_day_idx ON wh_fact_order_days (workspace_id, order_date);

-- The same, per landing page, for the journeys naming a campaign that landed on a product page.
CREATE TABLE wh_fact_order_landings (
  workspace_id uuid NOT NULL,
  order_date date NOT NULL,
  has_journey boolean NOT NULL,
  utm_source text,
  utm_medium text,
  source_type text,
  utm_campaign text,
  first_utm_source text,
  first_utm_medium text,
  first_source_type text,
  first_utm_campaign text,
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

-- Orders and lines carry their order day.
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
CREATE TRIGGER wh_orders_fact_days_insert AFTER INSERT ON wh_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_orders_fact_days_update AFTER UPDATE ON wh_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_orders_fact_days_delete AFTER DELETE ON wh_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_order_line_items_fact_days_insert AFTER INSERT ON wh_order_line_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_order_line_items_fact_days_update AFTER UPDATE ON wh_order_line_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_order_line_items_fact_days_delete AFTER DELETE ON wh_order_line_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_days();
CREATE TRIGGER wh_refunds_fact_days_insert AFTER INSERT ON wh_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_refund_days();
CREATE TRIGGER wh_refunds_fact_days_update AFTER UPDATE ON wh_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_fact_mark_refund_days();
CREATE TRIGGER wh_refunds_fact_days_delete AFTER DELETE ON wh_refunds
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
  DELETE FROM wh_fact_dirty_days WHERE workspace_id = OLD.id;
  RETURN OLD;
END $$;

-- Every day of the existing warehouse is computed by the next run.
INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
  SELECT DISTINCT workspace_id, order_date FROM wh_orders;
