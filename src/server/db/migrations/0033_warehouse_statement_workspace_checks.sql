-- The million-row warehouse tables check their workspace once per statement instead of once per
-- row. A row-level foreign key runs one lookup-and-lock of the workspace per inserted row; in a
-- 1M-order backfill (~5M rows with lines and touchpoints) that was more than half of the
-- database's time. Same guarantees as the foreign keys they replace:
--   * an insert naming a missing workspace fails (checked over the statement's new rows), and the
--     workspace rows are locked FOR KEY SHARE until commit, so a concurrent delete waits;
--   * deleting a workspace deletes its rows (the ON DELETE CASCADE), by the trigger on workspaces.
-- workspace_id is part of every primary key and never updated, so only inserts need the check.

CREATE FUNCTION wh_check_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  found integer;
BEGIN
  SELECT count(DISTINCT workspace_id) INTO wanted FROM new_rows;
  SELECT count(*) INTO found
    FROM (SELECT w.id FROM workspaces w WHERE w.id IN (SELECT workspace_id FROM new_rows) FOR KEY SHARE OF w) locked;
  IF found < wanted THEN
    RAISE EXCEPTION 'insert on table "%" names a workspace that does not exist', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION wh_delete_workspace_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM wh_journey_touchpoints WHERE workspace_id = OLD.id;
  DELETE FROM wh_refunds WHERE workspace_id = OLD.id;
  DELETE FROM wh_order_line_items WHERE workspace_id = OLD.id;
  DELETE FROM wh_orders WHERE workspace_id = OLD.id;
  DELETE FROM wh_customers WHERE workspace_id = OLD.id;
  RETURN OLD;
END $$;

ALTER TABLE wh_orders DROP CONSTRAINT wh_orders_workspace_id_fkey;
ALTER TABLE wh_order_line_items DROP CONSTRAINT wh_order_line_items_workspace_id_fkey;
ALTER TABLE wh_refunds DROP CONSTRAINT wh_refunds_workspace_id_fkey;
ALTER TABLE wh_journey_touchpoints DROP CONSTRAINT wh_journey_touchpoints_workspace_id_fkey;
ALTER TABLE wh_customers DROP CONSTRAINT wh_customers_workspace_id_fkey;

CREATE TRIGGER wh_orders_workspace_check AFTER INSERT ON wh_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_order_line_items_workspace_check AFTER INSERT ON wh_order_line_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_refunds_workspace_check AFTER INSERT ON wh_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_journey_touchpoints_workspace_check AFTER INSERT ON wh_journey_touchpoints
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();
CREATE TRIGGER wh_customers_workspace_check AFTER INSERT ON wh_customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wh_check_workspaces();

CREATE TRIGGER workspaces_delete_warehouse_rows AFTER DELETE ON workspaces
  FOR EACH ROW EXECUTE FUNCTION wh_delete_workspace_rows();
