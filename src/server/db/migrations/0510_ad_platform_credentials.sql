-- Google Ads and TikTok credentials (issue #39, decision 102) beside Shopify, GA4 and Meta.
ALTER TABLE credentials DROP CONSTRAINT credentials_provider_check;
ALTER TABLE credentials
  ADD CONSTRAINT credentials_provider_check
  CHECK (provider IN ('shopify', 'ga4', 'meta', 'google_ads', 'tiktok_ads'));
