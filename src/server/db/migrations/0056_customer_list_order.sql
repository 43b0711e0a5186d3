-- GET /api/customers opens on the highest 12-month CLV first: with this index the first pages of a
-- 100k-customer run are an index range read instead of a sort of every customer. (Filtered by
-- segment, analysis_customers_segment_idx already serves the same order.)
CREATE INDEX analysis_customers_clv_idx ON analysis_customers (run_id, clv_12m DESC NULLS LAST, customer_id);
