-- Issue 40: the order join takes the checkout and cart tokens of every pixel event, not only of a
-- checkout_completed (a paid checkout whose Thank-you page never loaded has no completion), and the
-- first-party health finds the orders placed with consent by the same tokens: both look events up
-- by token for the few orders not joined yet.
CREATE INDEX tracking_pixel_events_checkout_token_idx ON tracking_pixel_events (workspace_id, checkout_token)
  WHERE checkout_token IS NOT NULL;
CREATE INDEX tracking_pixel_events_cart_token_idx ON tracking_pixel_events (workspace_id, cart_token)
  WHERE cart_token IS NOT NULL;
