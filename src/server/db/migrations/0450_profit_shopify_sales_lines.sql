-- Decision 088: /profit's sales lines as Shopify's reports define them. Gross sales and returns
-- no longer carry shipping; shipping charged (net of refunded shipping) and taxes (net of refunded
-- taxes) get their own columns. Every rollup is rebuilt on its next read.
ALTER TABLE profit_daily
  ADD COLUMN shipping_charges_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN taxes_minor bigint NOT NULL DEFAULT 0;
DELETE FROM profit_rollup_versions;
