import { describe, expect, it } from 'vitest';
import { createUpstreamTargets, normalizeShopDomain } from './upstream-urls.ts';

describe('upstream targets', () => {
  it('normalises shop domains', () => {
    expect(normalizeShopDomain(' My-Store ')).toBe('my-store.myshopify.com');
    expect(normalizeShopDomain('https://my-store.myshopify.com/admin')).toBe('my-store.myshopify.com');
  });

  it('uses the real APIs by default', () => {
    const targets = createUpstreamTargets();
    expect(targets.shopify('a.myshopify.com')).toBe('https://a.myshopify.com');
    expect(targets.ga4('1')).toBe('https://analyticsdata.googleapis.com');
    expect(targets.meta('act_1')).toBe('https://graph.facebook.com');
  });

  it('routes only the demo identifiers to the emulators', () => {
    const targets = createUpstreamTargets({
      demo: {
        baseUrls: { shopify: 'http://127.0.0.1:1', ga4: 'http://127.0.0.1:2', meta: 'http://127.0.0.1:3' },
        ids: { shopDomain: 'demo.myshopify.com', propertyId: '123', adAccountId: 'act_9' },
      },
    });
    expect(targets.shopify('demo')).toBe('http://127.0.0.1:1/store/demo.myshopify.com');
    expect(targets.shopify('real.myshopify.com')).toBe('https://real.myshopify.com');
    expect(targets.ga4('123')).toBe('http://127.0.0.1:2');
    expect(targets.ga4('456')).toBe('https://analyticsdata.googleapis.com');
    expect(targets.ga4('456', 'http://127.0.0.1:2/token')).toBe('http://127.0.0.1:2');
    expect(targets.meta('9')).toBe('http://127.0.0.1:3');
    expect(targets.isDemo('meta', 'act_8')).toBe(false);
  });
});
