import { describe, expect, it } from 'vitest';
import { toDayNumber } from '../dates/to-day-number.ts';
import { toCustomerLedger } from '../ledger/to-customer-ledger.ts';
import { factsUpTo } from './facts-up-to.ts';
import type { AnalysisFacts } from './types.ts';

const journey = { lastChannel: null, firstChannel: null, utmCampaign: null, firstCampaign: null };

const facts: AnalysisFacts = {
  currency: 'USD',
  asOf: '2026-11-02',
  orderDays: [
    { ...journey, date: '2026-11-01', orders: 2, total: 50 },
    { ...journey, date: '2026-11-02', orders: 1, total: 20 },
  ],
  customerOrders: toCustomerLedger([
    { customerId: 'a', date: '2026-10-30', amount: 10 },
    { customerId: 'a', date: '2026-11-02', amount: 20 },
    { customerId: 'b', date: '2026-11-02', amount: 30 },
  ]),
  productLandings: [],
  recentOrders: [{ date: '2026-11-02', subtotal: 20, shipping: 0 }],
  refunds: [{ date: '2026-11-02', amount: 5, channel: 'direct', campaign: null }],
  variantSales: [{ variantId: 'v', date: '2026-11-01', units: 1, revenue: 10 }],
  variants: [],
  inventory: [{ productId: 'v', date: '2026-11-02', available: 3 }],
  adCampaigns: [],
  adDaily: [{ platform: 'meta', date: '2026-11-02', campaignId: 'c', spend: 4, reportedValue: 0 }],
  adClickOrders: [],
  ga4Daily: [{ date: '2026-11-01', source: 'google', medium: 'cpc', revenue: 7 }],
};

describe('factsUpTo', () => {
  it('leaves out every dated fact after the last complete day and ends asOf on it', () => {
    const trimmed = factsUpTo(facts, '2026-11-01');
    expect(trimmed.asOf).toBe('2026-11-01');
    expect(trimmed.orderDays.map((d) => d.date)).toEqual(['2026-11-01']);
    expect(trimmed.recentOrders).toEqual([]);
    expect(trimmed.refunds).toEqual([]);
    expect(trimmed.adDaily).toEqual([]);
    expect(trimmed.variantSales).toHaveLength(1);
    expect(trimmed.ga4Daily).toHaveLength(1);
    // The level read today stands for the stock at asOf.
    expect(trimmed.inventory).toEqual([{ productId: 'v', date: '2026-11-01', available: 3 }]);
    // Customer b ordered only today: out of the ledger; a keeps the earlier order.
    expect(trimmed.customerOrders.customerIds).toEqual(['a']);
    expect([...trimmed.customerOrders.start]).toEqual([0, 1]);
    expect([...trimmed.customerOrders.day]).toEqual([toDayNumber('2026-10-30')]);
    expect([...trimmed.customerOrders.amount]).toEqual([10]);
  });

  it('changes nothing when the facts already end on or before the day', () => {
    const trimmed = factsUpTo(facts, '2026-11-05');
    expect(trimmed.asOf).toBe('2026-11-02');
    expect(trimmed.customerOrders).toBe(facts.customerOrders);
    expect(trimmed.orderDays).toEqual(facts.orderDays);
  });
});
