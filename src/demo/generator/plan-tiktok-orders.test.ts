import { describe, expect, it } from 'vitest';
import { demoAdPlatformPlan } from '../ad-platforms/plan-ad-platforms.ts';
import { generateStore } from '../generate-store.ts';

describe('TikTok-driven orders (decision 131)', () => {
  const store = generateStore({ seed: 7, preset: 'small', customers: 400 });
  const orders = Array.from({ length: store.orders.count }, (_, i) => store.getOrder(i));
  const truth = store.groundTruth.tiktokOrders;
  const tiktok = demoAdPlatformPlan(store.config).tiktok;

  it('land with the campaign’s UTMs and a ttclid, as guests, only on days the campaign spent', () => {
    const planted = orders.filter((o) => o.tiktokCampaignId !== null);
    expect(planted.length).toBeGreaterThan(50);
    const spent = new Set(tiktok.days.map((d) => `${d.date}|${d.campaignId}`));
    for (const order of planted) {
      const campaign = tiktok.campaigns.find((c) => c.id === order.tiktokCampaignId)!;
      expect(order.channel).toBe('tiktok_ads');
      expect(order.customerIndex).toBeNull();
      expect(order.journey!.lastVisit.utm).toMatchObject({
        source: 'tiktok',
        medium: 'paid_social',
        campaign: campaign.name,
      });
      expect(spent.has(`${order.day}|${campaign.id}`), order.name).toBe(true);
      if (order.site) {
        const params = new URL(order.site.landingUrl).searchParams;
        expect(params.get('ttclid')).toMatch(/^E\.C\.P\./);
        expect(params.get('utm_campaign')).toBe(campaign.name);
      }
    }
    // Each campaign advertises one product: its orders land on that product's page, one with no
    // planted stock-out.
    const stockedOut = new Set(store.groundTruth.stockouts.map((o) => o.productIndex));
    for (const campaign of tiktok.campaigns) {
      const pages = new Set(
        planted
          .filter((o) => o.tiktokCampaignId === campaign.id)
          .map((o) => o.journey!.lastVisit.landingPage),
      );
      expect([...pages], campaign.name).toHaveLength(1);
      const product = store.products.find((p) => `/products/${p.handle}` === [...pages][0])!;
      expect(stockedOut.has(product.index), campaign.name).toBe(false);
    }
    // No other order comes from TikTok or carries a ttclid.
    for (const order of orders.filter((o) => o.tiktokCampaignId === null)) {
      expect(order.channel).not.toBe('tiktok_ads');
      expect(order.site?.landingUrl ?? '').not.toContain('ttclid');
    }
  });

  it('writes per-campaign truth that the orders add up to', () => {
    const sales = orders.filter((o) => o.tiktokCampaignId !== null && !o.test && o.cancelledAtMs === null);
    expect(truth.campaigns.map((c) => c.campaignId)).toEqual(tiktok.campaigns.map((c) => c.id));
    for (const c of truth.campaigns) {
      const own = sales.filter((o) => o.tiktokCampaignId === c.campaignId);
      expect(c.orders, c.name).toBe(own.length);
      expect(c.revenueMinor, c.name).toBe(own.reduce((s, o) => s + o.totalMinor, 0));
      expect(c.ttclidJoinableOrders, c.name).toBe(own.filter((o) => o.site?.joinBy).length);
      expect(c.utmCampaign).toBe(c.name);
    }
    expect(truth.orders).toBe(sales.length);
    const channel = store.groundTruth.channels.find((c) => c.channel === 'tiktok_ads')!;
    expect([channel.orders, channel.revenueMinor]).toEqual([truth.orders, truth.revenueMinor]);
  });
});
