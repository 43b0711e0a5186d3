-- Dashboard reads (GET /api/dashboard/kpis) straight from the warehouse:
--   * top products of a period: line items by day (the only line-item index was by variant);
--   * new vs returning customers: each active customer's first valid order day, one index-only
--     descent per customer instead of reading all their orders.
CREATE INDEX wh_order_line_items_date_idx ON wh_order_line_items (workspace_id, order_date);
CREATE INDEX wh_orders_customer_first_day_idx ON wh_orders (workspace_id, customer_id, order_date)
  WHERE NOT test AND cancelled_at IS NULL;
