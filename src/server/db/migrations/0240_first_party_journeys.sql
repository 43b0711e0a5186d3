-- First-party journeys (issue 16, decision 050). The tracker's session start (landing URL, referrer,
-- UTM parameters, click ids, the first-party visitor id and the viewport bucket of the session's
-- first event) is kept on the session row itself: one row per session, written by the same
-- group-committed upsert as before, so ingestion gains no table and no round trip.
ALTER TABLE tracking_sessions
  ADD COLUMN visitor_id text,
  ADD COLUMN landing_url text,
  ADD COLUMN referrer text,
  ADD COLUMN utm_source text,
  ADD COLUMN utm_medium text,
  ADD COLUMN utm_campaign text,
  ADD COLUMN utm_content text,
  ADD COLUMN utm_term text,
  ADD COLUMN fbclid text,
  ADD COLUMN gclid text,
  ADD COLUMN ttclid text,
  ADD COLUMN msclkid text,
  -- Viewport bucket (mobile, tablet, laptop, desktop, wide) of the session's first event.
  ADD COLUMN device text,
  -- The Shopify cart token the tracker saw when it wrote `_upside_vid` into the cart; an order
  -- carries it as cartToken (and checkoutToken on shops where they coincide).
  ADD COLUMN checkout_token text,
  -- sha256 hex of the lower-cased e-mail of a signed-in customer, when the snippet supplies it.
  ADD COLUMN email_hash text;
CREATE INDEX tracking_sessions_visitor_idx ON tracking_sessions (workspace_id, visitor_id, started_at)
  WHERE visitor_id IS NOT NULL;
CREATE INDEX tracking_sessions_checkout_token_idx ON tracking_sessions (workspace_id, checkout_token)
  WHERE checkout_token IS NOT NULL;
CREATE INDEX tracking_sessions_email_hash_idx ON tracking_sessions (workspace_id, email_hash, started_at)
  WHERE email_hash IS NOT NULL;
CREATE INDEX tracking_sessions_started_idx ON tracking_sessions (workspace_id, started_at);

-- What Shopify's order carries for the join: the `_upside_vid` custom attribute, the cart and
-- checkout tokens, and the sha256 hex of the order's lower-cased e-mail (the address itself is
-- not copied here).
ALTER TABLE wh_orders
  ADD COLUMN visitor_id text,
  ADD COLUMN cart_token text,
  ADD COLUMN checkout_token text,
  ADD COLUMN email_hash text;

-- One row per joined order: the session the order is credited to and how it was found. Filled by
-- the journey join job after each sync; an order without a row is "not joined".
CREATE TABLE tracking_order_journeys (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  order_id bigint NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  session_id text NOT NULL,
  visitor_id text,
  method text NOT NULL CHECK (method IN ('visitor_id', 'checkout_token', 'landing_utm', 'email_hash')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, order_id)
);
-- The heatmaps' "converted" filter: sessions of a configuration whose visitor (or session) bought.
CREATE INDEX tracking_order_journeys_visitor_idx ON tracking_order_journeys (workspace_id, configuration_id, visitor_id);
CREATE INDEX tracking_order_journeys_session_idx ON tracking_order_journeys (configuration_id, session_id);
