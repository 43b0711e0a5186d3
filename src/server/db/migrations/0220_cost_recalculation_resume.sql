-- A cost recalculation commits its progress a step of orders at a time; the last committed
-- (order day, order id) lets a run whose process died resume after it instead of starting over
-- (which would count the lines it already changed as unchanged) or staying pending for ever.
ALTER TABLE cost_recalculations
  ADD COLUMN done_through_date date,
  ADD COLUMN done_through_order bigint;
