-- A cost recalculation commits its progress a range of days at a time; the last committed day lets
-- a run whose process died resume after it instead of starting over (which would count the lines it
-- already changed as unchanged) or staying pending for ever.
ALTER TABLE cost_recalculations ADD COLUMN done_through_date date;
