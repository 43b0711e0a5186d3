import { APP_ROUTES } from '@web/app/routes.tsx';
import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_GROUPS } from './nav-items.ts';

describe('navigation groups (spec §2)', () => {
  it('has the three groups with their items in order', () => {
    expect(NAV_GROUPS.map((group) => [group.label, group.items.map((item) => item.href)])).toEqual([
      ['Analytics', ['/', '/orders', '/analytics', '/customers', '/profit']],
      ['Performance', ['/campaigns', '/creatives', '/measurement', '/funnels', '/products', '/testing']],
      ['Intelligence', ['/models', '/insights', '/cursor-tracking']],
    ]);
  });

  it('gives every item a one-line description', () => {
    for (const item of NAV_GROUPS.flatMap((group) => group.items)) {
      expect(item.description.length).toBeGreaterThan(0);
      expect(item.description).not.toContain('\n');
    }
  });

  it('puts the opportunity badge only on Opportunities', () => {
    const withBadge = NAV_GROUPS.flatMap((group) => group.items).filter((item) => item.showsOpportunityCount);
    expect(withBadge.map((item) => item.label)).toEqual(['Opportunities']);
  });

  it('links only to authenticated routes of the route table, never to the 404 page', () => {
    const authenticated = new Set(APP_ROUTES.filter((r) => r.access === 'authenticated').map((r) => r.path));
    for (const item of NAV_GROUPS.flatMap((group) => group.items)) expect(authenticated).toContain(item.href);
    expect(authenticated).toContain('/profile');
  });
});

describe('isNavItemActive', () => {
  it("matches '/' exactly", () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/orders')).toBe(false);
  });

  it('matches a path and its sub-paths only', () => {
    expect(isNavItemActive('/orders', '/orders')).toBe(true);
    expect(isNavItemActive('/orders', '/orders/1001')).toBe(true);
    expect(isNavItemActive('/orders', '/orders-archive')).toBe(false);
  });
});
