import { z } from 'zod';
import { TrackingScopeQuerySchema } from '../../../shared/contracts/cursor-tracking.ts';
import { findLatestRunId, readAnalysisStatus } from '../analysis-runs/read-analytics.ts';
import { readAlertList } from '../notifications/alerts-history.ts';
import { lookupShopifyOrder } from '../orders/lookup-shopify-order.ts';
import { readSyncStatus } from '../sync/read-sync-status.ts';
import { getCursorStatistics } from '../tracking/read-cursor-tracking.ts';
import { defineTool } from './tool-definition.ts';

export const getHeatmapSummary = defineTool({
  name: 'get_heatmap_summary',
  title: 'Heatmap and session summary',
  description:
    'What the first-party tracker saw on the storefront: sessions, events, average session duration, click-through rate and the most active pages (all tracked websites, or one by trackingId).',
  input: TrackingScopeQuerySchema.strict(),
  permission: 'read',
  async run({ deps, principal }, { trackingId }) {
    const data = await getCursorStatistics(deps.db, { workspaceId: principal.workspaceId, trackingId });
    return {
      source: `/api/cursor-tracking/statistics${trackingId ? `?trackingId=${trackingId}` : ''}`,
      window: null,
      currency: null,
      definitions: {
        window: 'Every kept session (the tracking retention period).',
        averageSessionDuration: 'Milliseconds from the first to the last event of a session.',
        clickThroughRate: 'Percent of sessions with at least one click.',
      },
      data,
    };
  },
});

export const getAlerts = defineTool({
  name: 'get_alerts',
  title: 'Alerts',
  description:
    'The store’s alerts (anomalies and threshold rules that fired, newest first) and the rules not judged at the latest evaluation, with why.',
  input: z.strictObject({}),
  permission: 'read',
  async run({ deps, principal }) {
    return {
      source: '/api/alerts',
      window: null,
      currency: null,
      definitions: {
        alerts:
          'Each alert names its metric, the day judged and the figure against its threshold or expectation.',
      },
      data: await readAlertList(deps.db, principal),
    };
  },
});

export const lookupOrder = defineTool({
  name: 'lookup_order',
  title: 'Order lookup',
  description:
    'One order by name or number (#1001 or 1001), read live from Shopify, with its profit from the warehouse.',
  input: z.strictObject({
    order: z.string().trim().min(1).max(100).describe('Order name or number, e.g. #1001'),
  }),
  permission: 'read',
  personalData: true,
  async run({ deps, principal }, { order }) {
    const data = await lookupShopifyOrder(deps.integration, principal.workspaceId, order);
    return {
      source: `/api/shopify/order/${encodeURIComponent(order)}`,
      window: null,
      currency: data.order?.currency ?? null,
      definitions: {
        amounts:
          'As Shopify states them (decimal strings in the order currency); profit lines from the warehouse.',
      },
      data,
    };
  },
});

export const getDataFreshness = defineTool({
  name: 'get_data_freshness',
  title: 'Data freshness',
  description:
    'How fresh the figures are: per source (Shopify, GA4, Meta) the last successful sync, its health and schedule, and the latest analysis run.',
  input: z.strictObject({}),
  permission: 'read',
  async run({ deps, principal }) {
    const { workspaceId } = principal;
    const [sync, analysis] = await Promise.all([
      readSyncStatus(deps.db, workspaceId, deps.clock(), deps.env.syncIntervalMinutes),
      findLatestRunId(deps.db, workspaceId).then((id) => readAnalysisStatus(deps, workspaceId, id)),
    ]);
    return {
      source: '/api/sync/status and /api/analysis/status',
      window: null,
      currency: null,
      definitions: { times: 'ISO 8601 instants (UTC).', intervalMinutes: 'Minutes between scheduled syncs.' },
      data: { sync, analysis },
    };
  },
});
