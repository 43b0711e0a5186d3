-- Shopify's gross sales on every slice (issue #36, decision 109): the contribution rollups kept the
-- shipping charged inside gross sales and refunded shipping inside returns. Shipping charged (minus
-- shipping refunded) is now a line of its own, as on /profit, so a product's or a cohort's gross
-- sales, returns and net sales are Shopify's. The rows are rebuilt from the warehouse on the next
-- read or analysis: forgetting the versions they were built from makes them behind.
ALTER TABLE product_profit_daily ADD COLUMN shipping_charges_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE cohort_profit_rollup ADD COLUMN shipping_charges_minor bigint NOT NULL DEFAULT 0;
DELETE FROM contribution_rollup_versions;
