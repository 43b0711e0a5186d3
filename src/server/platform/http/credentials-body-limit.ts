/**
 * The body limit of every credentials endpoint (Shopify, GA4, Meta, the ad platforms):
 * credentials bodies are small; a service-account JSON is ~2.5 KB.
 */
export const CREDENTIALS_BODY_LIMIT = 64 * 1024;
