import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Opportunity, OpportunityListSchema } from '../../src/shared/contracts/opportunities.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/** A wire amount (decision 170) in cents; the demo store sells in USD. */
const cents = (amount: string | null) => parseDecimalToMinor(amount ?? 'NaN', 2);

/**
 * Bundle and refresh-creative opportunities (issue #44, decision 127) on the demo store synced
 * through its emulators and analysed: the planted product pairs (decision 123) give bundle
 * opportunities, the planted fatiguing creative (decision 121) the only refresh-creative one, each
 * with a profit impact of its own; implementing one records its baseline like any other.
 */
let app: DemoTestApp;
let owner: string;
let list: Opportunity[];

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp());
  const response = await app.request('/api/opportunities', { cookie: owner });
  expect(response.status).toBe(200);
  list = OpportunityListSchema.parse(await response.json());
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('opportunities from baskets and creatives on the demo', () => {
  it('proposes bundling the planted pairs, estimated, with a profit impact in contribution margin', () => {
    const bundles = list.filter((o) => o.type === 'bundle_products');
    const planted = app.demo.groundTruth.baskets.pairs;
    expect(planted).toHaveLength(2);
    for (const pair of planted) {
      const titles = [
        `Bundle ${pair.a.title} with ${pair.b.title}`,
        `Bundle ${pair.b.title} with ${pair.a.title}`,
      ];
      const found = bundles.find((o) => titles.includes(o.title));
      expect(found, `${pair.a.title} → ${pair.b.title}: ${bundles.map((o) => o.title)}`).toBeDefined();
      expect(found!.evidence.method).toMatch(/^Estimated\./);
      expect(cents(found!.profitImpactMin)).toBeGreaterThan(0);
      expect(cents(found!.profitImpactMax)).toBeGreaterThan(cents(found!.profitImpactMin));
      // The pair's own contribution, below the revenue it adds.
      expect(cents(found!.profitImpactMax)).toBeLessThan(cents(found!.revenueImpactMax));
    }
  });

  it('proposes refreshing the planted fatiguing creative and no other', () => {
    const refresh = list.filter((o) => o.type === 'refresh_creative');
    const truth = app.demo.groundTruth.creatives.fatiguing;
    expect(refresh).toHaveLength(1);
    expect(refresh[0]!.title).toMatch(
      new RegExp(`^Refresh creative ${truth.name}: CPA up \\d+ % in 14 days$`),
    );
    expect(cents(refresh[0]!.profitImpactMax)).toBeGreaterThan(0);
    expect(refresh[0]!.evidence.method).toMatch(/^Estimated\./);
  });

  it('implements a bundle like any other opportunity: status and a baseline', async () => {
    const bundle = list.find((o) => o.type === 'bundle_products')!;
    const response = await app.request(`/api/opportunities/${bundle.id}/implement`, {
      method: 'POST',
      cookie: owner,
    });
    expect(response.status).toBe(200);
    const implemented = await response.json();
    expect(implemented).toMatchObject({ id: bundle.id, status: 'implemented' });
    expect(implemented.baselineValue).toMatch(/^-?\d+\.\d{2}$/);
  });
});
