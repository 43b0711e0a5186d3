import { describe, expect, it } from 'vitest';
import { redactPayload } from './redact-payload.ts';

const order = {
  name: '#1001',
  total_price: '120.00',
  customer: { first_name: 'Olive', last_name: 'Oyl', email: 'olive@example.com' },
  shipping_address: { first_name: 'Olive', last_name: 'Oyl', address1: '1 Sea Road', city: 'Sweethaven' },
  profit: { net_sales: '100.00', cogs: '40.00', contribution_margin: '45.00' },
  profit_unavailable: null,
};

describe('redactPayload', () => {
  it('withholds every cost and profit figure by name, at any depth, and keeps the rest', () => {
    const out = redactPayload(
      {
        order,
        campaigns: [{ spendMinor: 500, contributionMinor: 900, poas: 1.8, cacMinor: 250, roas: 3 }],
        products: { totals: { grossProfit: '1.00', grossMargin: 0.4, shippingCost: '2', paymentFees: '1' } },
        opportunities: [{ revenueImpactMax: 1000, profitImpactMax: 400, profitNote: 'loses' }],
      },
      { costs: true, personalData: false },
    );
    expect(out).toEqual({
      order: { ...order, profit: null, profit_unavailable: null },
      campaigns: [{ spendMinor: 500, contributionMinor: null, poas: null, cacMinor: null, roas: 3 }],
      products: { totals: { grossProfit: null, grossMargin: null, shippingCost: null, paymentFees: null } },
      opportunities: [{ revenueImpactMax: 1000, profitImpactMax: null, profitNote: null }],
    });
  });

  it("masks customers' names and e-mails, not an order's name", () => {
    const out = redactPayload(
      { order, customers: [{ name: 'Olive Oyl', email: 'olive@example.com', orders: 3 }] },
      { costs: false, personalData: true },
    );
    const text = JSON.stringify(out);
    for (const secret of ['Olive', 'Oyl', 'olive@', 'Sea Road']) expect(text).not.toContain(secret);
    expect(out).toMatchObject({
      order: {
        name: '#1001',
        customer: { first_name: 'O***', last_name: 'O***', email: 'o***@e***.com' },
        shipping_address: { address1: '1*** S*** R***', city: 'Sweethaven' },
        profit: { cogs: '40.00' },
      },
      customers: [{ name: 'O*** O***', email: 'o***@e***.com', orders: 3 }],
    });
  });

  it('leaves null and empty values as they are', () => {
    expect(redactPayload({ email: null, first_name: '' }, { costs: true, personalData: true })).toEqual({
      email: null,
      first_name: '',
    });
  });
});
