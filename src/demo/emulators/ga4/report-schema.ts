/** The report engine's dimensions and metrics by API name, how each reads the fact cells, and getMetadata. */
import { dayToCompact, monthOf, weekdayOf, yearOf } from '../../calendar.ts';
import type { Ga4Facts } from '../../model.ts';

export const SCHEMA_LINK =
  'For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema';

type Cell = number;

interface DimensionDef {
  uiName: string;
  /** Radix of the code (exclusive upper bound). */
  radix: (facts: Ga4Facts, minDay: number, maxDay: number) => number;
  code: (facts: Ga4Facts, cell: Cell, minDay: number) => number;
  value: (facts: Ga4Facts, code: number, minDay: number) => string;
}

const CHANNEL_GROUPS = [
  'Paid Social',
  'Paid Search',
  'Organic Search',
  'Email',
  'Direct',
  'Referral',
  'Organic Social',
];

export const DIMENSIONS: Record<string, DimensionDef> = {
  date: {
    uiName: 'Date',
    radix: (_f, min, max) => max - min + 1,
    code: (f, c, min) => f.day[c]! - min,
    value: (_f, code, min) => dayToCompact(min + code),
  },
  dayOfWeek: {
    uiName: 'Day of week',
    radix: () => 7,
    code: (f, c) => weekdayOf(f.day[c]!),
    value: (_f, code) => String(code),
  },
  yearMonth: {
    uiName: 'Year month',
    radix: (_f, min, max) => (yearOf(max) - yearOf(min) + 1) * 12,
    code: (f, c, min) => (yearOf(f.day[c]!) - yearOf(min)) * 12 + monthOf(f.day[c]!) - 1,
    value: (_f, code, min) =>
      `${yearOf(min) + Math.floor(code / 12)}${String((code % 12) + 1).padStart(2, '0')}`,
  },
  sessionSource: {
    uiName: 'Session source',
    radix: (f) => f.sourceMedia.length,
    code: (f, c) => f.sourceMedium[c]!,
    value: (f, code) => f.sourceMedia[code]!.source,
  },
  sessionMedium: {
    uiName: 'Session medium',
    radix: (f) => f.sourceMedia.length,
    code: (f, c) => f.sourceMedium[c]!,
    value: (f, code) => f.sourceMedia[code]!.medium,
  },
  sessionSourceMedium: {
    uiName: 'Session source / medium',
    radix: (f) => f.sourceMedia.length,
    code: (f, c) => f.sourceMedium[c]!,
    value: (f, code) => `${f.sourceMedia[code]!.source} / ${f.sourceMedia[code]!.medium}`,
  },
  sessionDefaultChannelGroup: {
    uiName: 'Session default channel group',
    radix: () => CHANNEL_GROUPS.length,
    code: (f, c) => Math.max(0, CHANNEL_GROUPS.indexOf(f.sourceMedia[f.sourceMedium[c]!]!.channelGroup)),
    value: (_f, code) => CHANNEL_GROUPS[code]!,
  },
  sessionCampaignName: {
    uiName: 'Session campaign',
    radix: (f) => f.campaigns.length,
    code: (f, c) => f.campaign[c]!,
    value: (f, code) => f.campaigns[code]!,
  },
  pagePath: {
    uiName: 'Page path',
    radix: (f) => f.pages.length,
    code: (f, c) => f.page[c]!,
    value: (f, code) => f.pages[code]!.path,
  },
  landingPage: {
    uiName: 'Landing page',
    radix: (f) => f.pages.length,
    code: (f, c) => f.page[c]!,
    value: (f, code) => f.pages[code]!.path,
  },
  pageTitle: {
    uiName: 'Page title',
    radix: (f) => f.pages.length,
    code: (f, c) => f.page[c]!,
    value: (f, code) => f.pages[code]!.title,
  },
  deviceCategory: {
    uiName: 'Device category',
    radix: (f) => f.devices.length,
    code: (f, c) => f.device[c]!,
    value: (f, code) => f.devices[code]!,
  },
  country: {
    uiName: 'Country',
    radix: (f) => f.countries.length,
    code: (f, c) => f.country[c]!,
    value: (f, code) => f.countries[code]!,
  },
};

/** Base counters summed per group; derived metrics are computed from them. */
export interface Sums {
  sessions: number;
  engaged: number;
  users: number;
  newUsers: number;
  views: number;
  events: number;
  duration: number;
  keyEvents: number;
  revenueMinor: number;
}

interface MetricDef {
  type: string;
  uiName: string;
  value: (s: Sums) => number;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

export const METRICS: Record<string, MetricDef> = {
  activeUsers: { type: 'TYPE_INTEGER', uiName: 'Active users', value: (s) => s.users },
  totalUsers: { type: 'TYPE_INTEGER', uiName: 'Total users', value: (s) => Math.round(s.users * 1.04) },
  newUsers: { type: 'TYPE_INTEGER', uiName: 'New users', value: (s) => s.newUsers },
  sessions: { type: 'TYPE_INTEGER', uiName: 'Sessions', value: (s) => s.sessions },
  engagedSessions: { type: 'TYPE_INTEGER', uiName: 'Engaged sessions', value: (s) => s.engaged },
  screenPageViews: { type: 'TYPE_INTEGER', uiName: 'Views', value: (s) => s.views },
  screenPageViewsPerSession: {
    type: 'TYPE_FLOAT',
    uiName: 'Views per session',
    value: (s) => ratio(s.views, s.sessions),
  },
  bounceRate: {
    type: 'TYPE_FLOAT',
    uiName: 'Bounce rate',
    value: (s) => (s.sessions > 0 ? 1 - s.engaged / s.sessions : 0),
  },
  engagementRate: {
    type: 'TYPE_FLOAT',
    uiName: 'Engagement rate',
    value: (s) => ratio(s.engaged, s.sessions),
  },
  averageSessionDuration: {
    type: 'TYPE_SECONDS',
    uiName: 'Average session duration',
    value: (s) => ratio(s.duration * 1.18, s.sessions),
  },
  userEngagementDuration: { type: 'TYPE_SECONDS', uiName: 'User engagement', value: (s) => s.duration },
  eventCount: { type: 'TYPE_INTEGER', uiName: 'Event count', value: (s) => s.events },
  keyEvents: { type: 'TYPE_FLOAT', uiName: 'Key events', value: (s) => s.keyEvents },
  conversions: { type: 'TYPE_FLOAT', uiName: 'Conversions', value: (s) => s.keyEvents },
  ecommercePurchases: { type: 'TYPE_INTEGER', uiName: 'Ecommerce purchases', value: (s) => s.keyEvents },
  transactions: { type: 'TYPE_INTEGER', uiName: 'Transactions', value: (s) => s.keyEvents },
  sessionKeyEventRate: {
    type: 'TYPE_FLOAT',
    uiName: 'Session key event rate',
    value: (s) => ratio(s.keyEvents, s.sessions),
  },
  purchaseRevenue: { type: 'TYPE_CURRENCY', uiName: 'Purchase revenue', value: (s) => s.revenueMinor / 100 },
  totalRevenue: { type: 'TYPE_CURRENCY', uiName: 'Total revenue', value: (s) => s.revenueMinor / 100 },
};

export function formatMetric(type: string, value: number): string {
  if (type === 'TYPE_INTEGER') return String(Math.round(value));
  if (type === 'TYPE_CURRENCY') return String(Math.round(value * 100) / 100);
  if (Number.isInteger(value)) return String(value);
  return String(value);
}

export function emptySums(): Sums {
  return {
    sessions: 0,
    engaged: 0,
    users: 0,
    newUsers: 0,
    views: 0,
    events: 0,
    duration: 0,
    keyEvents: 0,
    revenueMinor: 0,
  };
}

/** The `getMetadata` answer for the property. */
export function metadataFor(propertyId: string): Record<string, unknown> {
  return {
    name: `properties/${propertyId}/metadata`,
    dimensions: Object.entries(DIMENSIONS).map(([apiName, d]) => ({
      apiName,
      uiName: d.uiName,
      description: d.uiName,
      category: 'Demo',
    })),
    metrics: Object.entries(METRICS).map(([apiName, m]) => ({
      apiName,
      uiName: m.uiName,
      description: m.uiName,
      type: m.type,
      category: 'Demo',
      ...(apiName === 'conversions' ? { deprecatedApiNames: ['conversions'] } : {}),
    })),
  };
}
