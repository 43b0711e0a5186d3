/**
 * Shopify's standard customer events the Upside custom pixel forwards (issue 40), in checkout order
 * for the checkout steps. Shared by the pixel (src/tracker, no dependencies) and the ingestion contract.
 */
/** Shopify's checkout steps, in checkout order (the built-in checkout funnel, the demo's planted checkouts). */
export const CHECKOUT_STEPS = [
  'checkout_started',
  'checkout_contact_info_submitted',
  'checkout_address_info_submitted',
  'checkout_shipping_info_submitted',
  'payment_info_submitted',
  'checkout_completed',
] as const;

export const PIXEL_EVENTS = [
  'page_viewed',
  'product_viewed',
  'collection_viewed',
  'search_submitted',
  'product_added_to_cart',
  'cart_viewed',
  ...CHECKOUT_STEPS,
] as const;
