-- The cost coverage an opportunity's profit impact rests on (issue #13: a coverage figure on every
-- profit view, estimated figures labelled): units sold and, of them, units with a known cost, over
-- the campaign's credited orders for a campaign action, else the store's units of the detectors'
-- 30 days. Null with no profit impact; rows of earlier runs keep null until the next analysis.
ALTER TABLE opportunities ADD COLUMN profit_units_sold integer;
ALTER TABLE opportunities ADD COLUMN profit_units_with_cost integer;
