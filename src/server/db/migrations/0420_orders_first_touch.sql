-- The first visit's attribution columns on the order itself (decision 083). Every store-verified
-- figure credits an order by its first and last visit (decision 011); the last visit was already on
-- wh_orders, the first only in wh_journey_touchpoints (position 0), so every credit read joined a
-- million touchpoints (hashed whole even for a 30-day window). The sync writes both from the same
-- customerJourneySummary; wh_journey_touchpoints stays the journey's full record.
ALTER TABLE wh_orders
  ADD COLUMN first_source_type text,
  ADD COLUMN first_utm_source text,
  ADD COLUMN first_utm_medium text,
  ADD COLUMN first_utm_campaign text;

UPDATE wh_orders o
SET first_source_type = t.source_type,
  first_utm_source = t.utm_source,
  first_utm_medium = t.utm_medium,
  first_utm_campaign = t.utm_campaign
FROM wh_journey_touchpoints t
WHERE t.workspace_id = o.workspace_id AND t.order_id = o.order_id AND t.position = 0
  AND (t.source_type IS NOT NULL OR t.utm_source IS NOT NULL OR t.utm_medium IS NOT NULL
    OR t.utm_campaign IS NOT NULL);
