-- Issue 40, decision 174: the revenue and contribution of the orders that passed each funnel step,
-- kept per day like the step counts, so the report no longer reads every buying session's orders.

-- Per funnel and buying session (a session placed on a day that passed step 1 and has joined sale
-- orders): where it counts (its shop day, device, channel and the number of steps it passed, as
-- funnel_session_marks holds them) and the revenue of its orders with their contribution parts, as
-- funnel-session-filter.ts's sessionRevenue reads them (the one definition). What each session adds
-- to funnel_revenue_days; replaced whole when the session is re-read.
CREATE TABLE funnel_buyer_sessions (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  funnel_key text NOT NULL,
  configuration_id uuid NOT NULL,
  session_id text NOT NULL,
  day date NOT NULL,
  device text NOT NULL,
  channel text NOT NULL,
  steps_passed smallint NOT NULL,
  revenue bigint NOT NULL,
  gross_sales bigint NOT NULL,
  shipping_charges bigint NOT NULL,
  discounts bigint NOT NULL,
  returns bigint NOT NULL,
  cogs bigint NOT NULL,
  shipping bigint NOT NULL,
  payment_fees bigint NOT NULL,
  PRIMARY KEY (workspace_id, funnel_key, configuration_id, session_id)
);
-- A dirty day's sums are re-added from its buying sessions.
CREATE INDEX funnel_buyer_sessions_day_idx ON funnel_buyer_sessions (workspace_id, funnel_key, day);

-- Per funnel, shop day, device ('' when unknown), channel and steps passed: the sums of
-- funnel_buyer_sessions. The report sums them over the period, per steps passed.
CREATE TABLE funnel_revenue_days (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  funnel_key text NOT NULL,
  day date NOT NULL,
  device text NOT NULL,
  channel text NOT NULL,
  steps_passed smallint NOT NULL,
  revenue bigint NOT NULL,
  gross_sales bigint NOT NULL,
  shipping_charges bigint NOT NULL,
  discounts bigint NOT NULL,
  returns bigint NOT NULL,
  cogs bigint NOT NULL,
  shipping bigint NOT NULL,
  payment_fees bigint NOT NULL,
  PRIMARY KEY (workspace_id, funnel_key, day, device, channel, steps_passed)
);

-- Orders (and journey sessions) whose revenue or contribution may have changed since a funnel's
-- last fold, one mark per funnel (each fold takes and deletes its own marks, as decision 084's
-- dirty days): an order written, edited, cancelled, refunded, re-costed (line costs, shipping
-- cost), its transactions; a journey joined, moved or removed (old and new session). A mark with
-- no order and no session: every buying session (a payment fee rule changed). Plain appends, no
-- unique key: writers never wait on a mark. A funnel with no fold state yet is rebuilt whole by
-- its first fold, so it needs no marks.
CREATE TABLE funnel_dirty_orders (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  funnel_key text NOT NULL,
  order_id bigint,
  configuration_id uuid,
  session_id text
);
CREATE INDEX funnel_dirty_orders_funnel_idx ON funnel_dirty_orders (workspace_id, funnel_key);

-- Rows carrying workspace_id and order_id (orders, lines, refunds, refund lines, transactions,
-- shipping costs): their orders, old and new.
CREATE FUNCTION funnel_mark_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO funnel_dirty_orders (workspace_id, funnel_key, order_id)
      SELECT DISTINCT n.workspace_id, f.funnel_key, n.order_id
      FROM new_rows n JOIN funnel_fold_state f ON f.workspace_id = n.workspace_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO funnel_dirty_orders (workspace_id, funnel_key, order_id)
      SELECT DISTINCT o.workspace_id, f.funnel_key, o.order_id
      FROM old_rows o JOIN funnel_fold_state f ON f.workspace_id = o.workspace_id;
  END IF;
  RETURN NULL;
END $$;

-- Journeys: the order and the session, old and new (a moved journey leaves its old session).
CREATE FUNCTION funnel_mark_journeys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO funnel_dirty_orders (workspace_id, funnel_key, order_id, configuration_id, session_id)
      SELECT DISTINCT n.workspace_id, f.funnel_key, n.order_id, n.configuration_id, n.session_id
      FROM new_rows n JOIN funnel_fold_state f ON f.workspace_id = n.workspace_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO funnel_dirty_orders (workspace_id, funnel_key, order_id, configuration_id, session_id)
      SELECT DISTINCT o.workspace_id, f.funnel_key, o.order_id, o.configuration_id, o.session_id
      FROM old_rows o JOIN funnel_fold_state f ON f.workspace_id = o.workspace_id;
  END IF;
  RETURN NULL;
END $$;

-- Payment fee rules apply to every order of their gateway when read: every buying session.
CREATE FUNCTION funnel_mark_all_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO funnel_dirty_orders (workspace_id, funnel_key)
      SELECT DISTINCT n.workspace_id, f.funnel_key
      FROM new_rows n JOIN funnel_fold_state f ON f.workspace_id = n.workspace_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO funnel_dirty_orders (workspace_id, funnel_key)
      SELECT DISTINCT o.workspace_id, f.funnel_key
      FROM old_rows o JOIN funnel_fold_state f ON f.workspace_id = o.workspace_id;
  END IF;
  RETURN NULL;
END $$;

-- Transition tables allow one event per trigger.
DO $$
DECLARE
  marked record;
  op text;
BEGIN
  FOR marked IN SELECT * FROM (VALUES
      ('wh_orders', 'funnel_mark_orders'), ('wh_order_line_items', 'funnel_mark_orders'),
      ('wh_refunds', 'funnel_mark_orders'), ('wh_refund_line_items', 'funnel_mark_orders'),
      ('wh_order_transactions', 'funnel_mark_orders'), ('wh_order_shipping_costs', 'funnel_mark_orders'),
      ('tracking_order_journeys', 'funnel_mark_journeys'), ('payment_fee_rules', 'funnel_mark_all_orders'))
      AS t(tbl, fn)
  LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        marked.tbl || '_funnel_' || op, upper(op), marked.tbl,
        CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'update' THEN 'OLD TABLE AS old_rows NEW TABLE AS new_rows'
          ELSE 'OLD TABLE AS old_rows' END,
        marked.fn);
    END LOOP;
  END LOOP;
END $$;

-- The revenue days are written by the fold: forgetting every funnel's fold state rebuilds its
-- pre-aggregates, revenue included, on its next fold (the job after ingestion, or the first report).
DELETE FROM funnel_fold_state;
