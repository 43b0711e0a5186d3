-- Issue 40 (decision 107): events of the Shopify custom pixel (checkout included), one row per
-- Shopify event id, so a batch sent twice stores each event once. The consent state of the batch is
-- kept with every event; the join keys of checkout_completed (order id, checkout and cart token,
-- e-mail hash) join the order to its journey.
CREATE TABLE tracking_pixel_events (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  name text NOT NULL,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  session_id text,
  visitor_id text,
  client_id text,
  page_url text,
  device text,
  checkout_token text,
  cart_token text,
  order_id bigint,
  total_minor bigint,
  currency text,
  email_hash text,
  consent_analytics boolean NOT NULL,
  consent_marketing boolean NOT NULL,
  consent_preferences boolean NOT NULL,
  consent_sale_of_data boolean NOT NULL,
  PRIMARY KEY (configuration_id, event_id)
);
CREATE INDEX tracking_pixel_events_time_idx ON tracking_pixel_events (workspace_id, occurred_at);
CREATE INDEX tracking_pixel_events_completed_idx ON tracking_pixel_events (workspace_id, order_id)
  WHERE name = 'checkout_completed';

-- The pixel's join methods come first: checkout_completed names the order.
ALTER TABLE tracking_order_journeys DROP CONSTRAINT tracking_order_journeys_method_check;
ALTER TABLE tracking_order_journeys ADD CONSTRAINT tracking_order_journeys_method_check CHECK (method IN (
  'pixel_order_id', 'pixel_checkout_token', 'pixel_cart_token', 'pixel_email_hash',
  'visitor_id', 'checkout_token', 'landing_utm', 'email_hash'));
