import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mapDailyRows, mapOverview, mapPages, mapTraffic } from './map.ts';
import { RunReportResponseSchema } from './payload.schema.ts';

const overview = JSON.parse(readFileSync(new URL('./fixtures/overview.json', import.meta.url), 'utf8'));

describe('ga4 map', () => {
  it('maps a recorded overview report', () => {
    expect(mapOverview(RunReportResponseSchema.parse(overview))).toEqual({
      activeUsers: 1523,
      sessions: 2210,
      totalUsers: 1610,
      pageViews: 8804,
      bounceRate: 0.3712,
      revenue: '12450.50',
      conversions: 97,
      sessionDuration: 143.2,
      currency: 'USD',
    });
  });

  it('defaults an empty report (no rows, no rowCount) to zeros', () => {
    const empty = RunReportResponseSchema.parse({ metricHeaders: [{ name: 'sessions' }], metadata: {} });
    expect(empty.rows).toEqual([]);
    expect(empty.rowCount).toBe(0);
    expect(mapOverview(empty).sessions).toBe(0);
    expect(mapPages(empty)).toEqual([]);
  });

  it('maps pages with engagement per view and traffic sources', () => {
    const pages = RunReportResponseSchema.parse({
      dimensionHeaders: [{ name: 'pagePath' }, { name: 'pageTitle' }],
      metricHeaders: [{ name: 'screenPageViews' }, { name: 'userEngagementDuration' }],
      rows: [
        {
          dimensionValues: [{ value: '/' }, { value: 'Home' }],
          metricValues: [{ value: '200' }, { value: '9000' }],
        },
      ],
    });
    expect(mapPages(pages)).toEqual([
      { pagePath: '/', pageTitle: 'Home', screenPageViews: 200, avgTimeOnPage: 45 },
    ]);
    const traffic = RunReportResponseSchema.parse({
      dimensionHeaders: [{ name: 'sessionSource' }],
      metricHeaders: [{ name: 'sessions' }],
      rows: [{ dimensionValues: [{ value: '(direct)' }], metricValues: [{ value: '77' }] }],
    });
    expect(mapTraffic(traffic)).toEqual([{ source: '(direct)', sessions: 77 }]);
  });

  it('merges traffic sources by name: one row per source, Direct once', () => {
    const traffic = RunReportResponseSchema.parse({
      dimensionHeaders: [{ name: 'sessionSource' }],
      metricHeaders: [{ name: 'sessions' }],
      rows: [
        ['google', '500'],
        ['facebook', '450'],
        ['google', '300'],
        ['(direct)', '100'],
        ['(not set)', '20'],
        ['Google', '5'],
      ].map(([source, sessions]) => ({
        dimensionValues: [{ value: source }],
        metricValues: [{ value: sessions }],
      })),
    });
    expect(mapTraffic(traffic)).toEqual([
      { source: 'google', sessions: 805 },
      { source: 'facebook', sessions: 450 },
      { source: '(direct)', sessions: 120 },
    ]);
  });

  it('maps daily rows with ISO dates', () => {
    const daily = RunReportResponseSchema.parse({
      dimensionHeaders: [{ name: 'date' }],
      metricHeaders: [{ name: 'sessions' }],
      rows: [{ dimensionValues: [{ value: '20261001' }], metricValues: [{ value: '5' }] }],
    });
    expect(mapDailyRows(daily)).toEqual([
      { date: '2026-10-01', dimensions: { date: '20261001' }, metrics: { sessions: 5 } },
    ]);
  });
});
