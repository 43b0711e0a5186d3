/**
 * Every table has one owner (issue #37 item 1, decision 215): the one part of the server that
 * writes it; others may read it. A feature names its tables in its plugin (`FeaturePlugin.tables`);
 * the tables of the layers below the features (src/server/platform, src/server/domain, the job
 * queue, the vault) are listed here, by the folder that owns them. A write to a table from anywhere
 * but its owner is recorded below with its reason, and where it should move when it is one to move.
 * `table-owners.test.ts` reads the source and fails on a table with no owner or two, and on a write
 * outside its owner that is not recorded here (or a recorded one that no longer happens).
 */

/** The analysis's fact tables: domain/analysis-facts owns them; shop/redact empties them too. */
const ANALYSIS_FACT_TABLES = [
  'wh_fact_customer_orders',
  'wh_fact_dirty_customers',
  'wh_fact_dirty_days',
  'wh_fact_order_days',
  'wh_fact_order_landings',
  'wh_fact_refund_days',
  'wh_fact_variant_days',
];

/** The tables of the layers below the features, by owning folder (path from src/server). */
export const layerTables: Readonly<Record<string, readonly string[]>> = {
  'platform/audit': ['audit_log'],
  'platform/notifications': ['notification_channels', 'notification_deliveries'],
  'platform/session': ['sessions', 'team_members', 'team_invitations'],
  'platform/workspace': ['teams', 'workspaces'],
  'domain/ad-spend': ['wh_ad_platform_daily'],
  'domain/analysis-facts': ['analysis_insight_days', 'analysis_insight_movers', ...ANALYSIS_FACT_TABLES],
  'domain/contribution': ['cohort_profit_rollup', 'contribution_rollup_versions', 'product_profit_daily'],
  'domain/currency': ['ecb_rates', 'exchange_rate_fetches'],
  'domain/forecast-closures': ['forecast_closures'],
  'domain/funnels': [
    'funnels',
    'funnel_buyer_sessions',
    'funnel_dirty_orders',
    'funnel_exit_pages',
    'funnel_fold_state',
    'funnel_revenue_days',
    'funnel_segment_members',
    'funnel_segment_runs',
    'funnel_session_marks',
    'funnel_step_buckets',
    'funnel_step_days',
  ],
  'domain/journeys': ['tracking_order_journeys'],
  'domain/opportunities': ['opportunities'],
  'domain/product-affinity': ['basket_day_counts', 'basket_fold_state', 'basket_orders'],
  'domain/profit': ['profit_daily', 'profit_rollup_versions'],
  'domain/sync': ['sync_states', 'webhook_subscriptions'],
  'domain/tracking': [
    'tracking_click_elements',
    'tracking_fold_watermark',
    'tracking_heatmap_hour_parts',
    'tracking_page_counts',
    'tracking_session_pages',
    'tracking_sessions',
  ],
  'domain/warehouse': [
    'wh_customers',
    'wh_inventory_snapshots',
    'wh_journey_touchpoints',
    'wh_order_line_items',
    'wh_order_transactions',
    'wh_orders',
    'wh_products',
    'wh_refund_line_items',
    'wh_refunds',
    'wh_variants',
  ],
  jobs: ['jobs'],
  vault: ['credentials'],
};

/** A write to a table by a part that does not own it, kept on purpose or until it moves. */
export interface RecordedWrite {
  readonly tables: readonly string[];
  /** The writing part (path from src/server: `features/<area>`, `platform/<part>`, `domain/<part>`). */
  readonly by: string;
  readonly reason: string;
  /** Where the write belongs, when it is one to move; none when it stays where it is. */
  readonly toMove?: string;
}

export const recordedWrites: readonly RecordedWrite[] = [
  {
    tables: ['wh_ad_platform_daily'],
    by: 'features/ad-spend',
    reason:
      'Manual spend lines and imported spend sheets are written as ad-platform days, where every spend read finds them.',
    toMove: 'domain/ad-spend (beside ad-platform-daily-spec.ts, the syncs’ writer)',
  },
  {
    tables: ['opportunities'],
    by: 'features/analysis',
    reason:
      'An analysis run inserts its candidates and carries each one’s status over by identity (run-analysis.ts).',
    toMove: 'domain/opportunities',
  },
  {
    tables: ['users'],
    by: 'platform/session',
    reason:
      'Selecting a store remembers it on the user (`last_store_id`, decision 069) together with the session.',
  },
  {
    tables: ['sync_states'],
    by: 'features/connections',
    reason:
      'Granting read_all_orders restarts the orders backfill in its bulk phase (check-shopify-scopes.ts).',
    toMove:
      'domain/sync (its saveSyncCursor also stamps updated_at, so the statement did not move unchanged)',
  },
  {
    tables: ['wh_cost_ledger', 'wh_order_shipping_costs'],
    by: 'domain/costs',
    reason:
      'The Shopify sync and the order webhooks record Shopify’s unit costs in the ledger and price shipping from the profiles as orders arrive (decisions 016, 023); both paths share domain/costs.',
  },
  {
    tables: ['wh_order_line_items'],
    by: 'features/costs',
    reason: 'A cost recalculation reprices the order lines in its range (frozen line costs, decision 016).',
    toMove: 'domain/warehouse (a repricing statement beside the line items’ spec)',
  },
  {
    tables: ['tracking_sessions'],
    by: 'features/tracking',
    reason: 'The Shopify pixel’s events open and extend sessions at ingest (write-pixel-events.ts).',
    toMove: 'domain/tracking (beside the fold’s session upsert)',
  },
  {
    tables: ['tracking_heatmap_hour_parts'],
    by: 'features/tracking',
    reason: 'The heatmap fold writes the hour parts it folds into tiles (heatmap-fold.ts).',
    toMove: 'domain/tracking (hour-parts.ts)',
  },
  {
    tables: ['tracking_events', 'tracking_heatmap_tiles'],
    by: 'domain/tracking',
    reason:
      'One partition upkeep (partitions.ts) creates the daily partitions of every day-partitioned tracking table and drops them past retention.',
  },
  {
    tables: ['wh_customers', 'wh_inventory_snapshots'],
    by: 'features/webhooks',
    reason:
      'Live order and catalog webhooks write the customer and the inventory level with statements of their own (apply-order.ts, apply-catalog.ts); the other rows go through domain/warehouse’s specs.',
    toMove: 'domain/warehouse',
  },
  {
    tables: [
      'analysis_runs',
      'cohort_profit_rollup',
      'contribution_rollup_versions',
      'credentials',
      'opportunities',
      'product_profit_daily',
      'profit_daily',
      'profit_rollup_versions',
      'sync_states',
      'webhook_subscriptions',
      'wh_cost_ledger',
      'wh_customers',
      ...ANALYSIS_FACT_TABLES,
      'wh_inventory_snapshots',
      'wh_journey_touchpoints',
      'wh_order_line_items',
      'wh_order_shipping_costs',
      'wh_order_transactions',
      'wh_orders',
      'wh_products',
      'wh_refund_line_items',
      'wh_refunds',
      'wh_shops',
      'wh_variants',
    ],
    by: 'features/webhooks',
    reason:
      'Shopify’s mandatory compliance webhooks: shop/redact empties every table of the uninstalled store in one transaction, customers/redact anonymises the customer (compliance.ts, decision 031). One statement list, kept in one place on purpose.',
  },
];
