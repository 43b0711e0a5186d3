-- Profit facts from the Shopify sync (issue #13, decision 010): from this release the orders
-- stream also reads each order's transactions (with Shopify's fees), its refunds' lines (with
-- restock) and refunded shipping, and the products stream reads variant weights. Orders synced
-- before it have none of these, and an incremental pass only re-reads orders that changed, so
-- the orders stream forgets its position: the next Shopify sync backfills every order again
-- (idempotent upserts; frozen line costs keep their values). Products are re-read on every run.
UPDATE sync_states SET cursor = cursor - 'orders' WHERE source = 'shopify' AND cursor ? 'orders';
