import { DEFAULT_GA4_BASE_URL } from './ga4/client.ts';
import { DEFAULT_GOOGLE_ADS_BASE_URL, DEFAULT_GOOGLE_TOKEN_URL } from './google-ads/client.ts';
import { DEFAULT_META_BASE_URL } from './meta/client.ts';
import { DEFAULT_TIKTOK_BASE_URL } from './tiktok-ads/client.ts';

/**
 * Where each provider's API lives (contracts/external-apis.md §0: real API vs emulator by base URL
 * only). Real defaults: `https://{shop}` for Shopify, analyticsdata.googleapis.com, graph.facebook.com
 * (each overridable). In demo mode the demo shop, GA4 property and ad account — and only those —
 * go to the in-process emulators, so a user can still connect a real store next to the demo.
 */

export interface DemoIdentifiers {
  shopDomain: string;
  propertyId: string;
  adAccountId: string;
  /** the demo Google Ads customer and TikTok advertiser (issue #39) */
  googleAdsCustomerId?: string;
  tiktokAdvertiserId?: string;
}

export interface DemoUpstreams {
  /** emulator base URLs; Shopify's may already end in `/store/{shop}` */
  baseUrls: { shopify: string; ga4: string; meta: string; googleAds?: string; tiktok?: string };
  ids: DemoIdentifiers;
  /** More demo shops (issue #17's second demo store): shop domain → its emulator's base URL. */
  otherShops?: Readonly<Record<string, string>>;
}

export interface UpstreamOverrides {
  /** e.g. `http://127.0.0.1:4101/store/{shop}`; `{shop}` is replaced by the shop domain */
  shopifyBaseUrlTemplate?: string | undefined;
  ga4BaseUrl?: string | undefined;
  metaBaseUrl?: string | undefined;
  /** an emulator serving both the Google Ads API and its OAuth token endpoint (`/token`) */
  googleAdsBaseUrl?: string | undefined;
  tiktokBaseUrl?: string | undefined;
}

export interface UpstreamTargets {
  shopify(shopDomain: string): string;
  /** `tokenUri`: a service account whose token endpoint is the demo emulator belongs to the demo too */
  ga4(propertyId: string, tokenUri?: string): string;
  meta(adAccountId: string): string;
  /** the demo customer goes to the demo emulator */
  googleAds(customerId: string): { baseUrl: string; tokenUrl: string };
  tiktok(advertiserId: string): string;
  /** true when this identifier belongs to the demo store (served by the emulators) */
  isDemo(provider: 'shopify' | 'ga4' | 'meta', id: string): boolean;
}

/**
 * "my-store", "my-store.myshopify.com", "https://my-store.myshopify.com/admin" → "my-store.myshopify.com".
 * Custom domains are kept as given (lower-cased, no scheme/path).
 */
export function normalizeShopDomain(input: string): string {
  let value = input.trim().toLowerCase();
  value = value.replace(/^https?:\/\//, '');
  value = value.split('/')[0] ?? '';
  if (value !== '' && !value.includes('.')) value = `${value}.myshopify.com`;
  return value;
}

function demoShopifyBase(base: string, shopDomain: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.includes('/store/') ? trimmed : `${trimmed}/store/${encodeURIComponent(shopDomain)}`;
}

export function createUpstreamTargets(
  options: { demo?: DemoUpstreams | undefined; overrides?: UpstreamOverrides } = {},
): UpstreamTargets {
  const { demo, overrides = {} } = options;
  const otherShopBase = (shop: string): string | undefined =>
    demo?.otherShops && Object.hasOwn(demo.otherShops, shop) ? demo.otherShops[shop] : undefined;
  const isDemo: UpstreamTargets['isDemo'] = (provider, id) => {
    if (!demo) return false;
    if (provider === 'shopify') {
      const shop = normalizeShopDomain(id);
      return shop === normalizeShopDomain(demo.ids.shopDomain) || otherShopBase(shop) !== undefined;
    }
    if (provider === 'ga4') return id.replace(/^properties\//, '') === demo.ids.propertyId;
    return id.replace(/^act_/, '') === demo.ids.adAccountId.replace(/^act_/, '');
  };
  return {
    isDemo,
    shopify(shopDomain) {
      const shop = normalizeShopDomain(shopDomain);
      const other = otherShopBase(shop);
      if (other) return demoShopifyBase(other, shop);
      if (demo && isDemo('shopify', shop)) return demoShopifyBase(demo.baseUrls.shopify, shop);
      if (overrides.shopifyBaseUrlTemplate) return overrides.shopifyBaseUrlTemplate.replace('{shop}', shop);
      return `https://${shop}`;
    },
    ga4(propertyId, tokenUri) {
      if (demo && isDemo('ga4', propertyId)) return demo.baseUrls.ga4;
      if (demo && tokenUri?.startsWith(`${demo.baseUrls.ga4.replace(/\/+$/, '')}/`)) return demo.baseUrls.ga4;
      return overrides.ga4BaseUrl ?? DEFAULT_GA4_BASE_URL;
    },
    meta(adAccountId) {
      if (demo && isDemo('meta', adAccountId)) return demo.baseUrls.meta;
      return overrides.metaBaseUrl ?? DEFAULT_META_BASE_URL;
    },
    googleAds(customerId) {
      const demoBase =
        demo?.baseUrls.googleAds && customerId.replace(/-/g, '') === demo.ids.googleAdsCustomerId
          ? demo.baseUrls.googleAds
          : undefined;
      const base = (demoBase ?? overrides.googleAdsBaseUrl)?.replace(/\/+$/, '');
      return base
        ? { baseUrl: base, tokenUrl: `${base}/token` }
        : { baseUrl: DEFAULT_GOOGLE_ADS_BASE_URL, tokenUrl: DEFAULT_GOOGLE_TOKEN_URL };
    },
    tiktok(advertiserId) {
      if (demo?.baseUrls.tiktok && advertiserId === demo.ids.tiktokAdvertiserId) return demo.baseUrls.tiktok;
      return overrides.tiktokBaseUrl ?? DEFAULT_TIKTOK_BASE_URL;
    },
  };
}
