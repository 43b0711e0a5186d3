import type { Permission } from '../../shared/permissions.ts';

/**
 * What each API route needs (issue #17, decision 055), in one table the permission hook reads
 * (plugins/permissions.ts). `public`: no session (sign-in, the public service page, the tracker's
 * ingest, signed links, Shopify's HMAC-signed webhooks); `signed-in` takes every session, whatever the
 * role (the caller's own account, choosing the active store, accepting an invitation); otherwise a
 * permission of src/shared/permissions.ts. A route missing here stops the app at start-up, so no
 * route is ever reachable without a decision about who may call it.
 */
export type RouteAccess = Permission | 'public' | 'signed-in';

const READ: RouteAccess = 'read';
const ANALYZE: RouteAccess = 'analyze';
const CONNECTIONS: RouteAccess = 'connections';
const COSTS_READ: RouteAccess = 'costs:read';
const COSTS_WRITE: RouteAccess = 'costs:write';
const MEMBERS: RouteAccess = 'members';

const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // sign-in and the caller's own session
  'GET /api/login': 'public',
  'GET /api/callback': 'public',
  'POST /api/logout': 'public',
  'GET /api/auth/user': 'signed-in',
  // built-in accounts (issue #38, decision 094): setup, sign-in and reset need no session
  'GET /api/auth/methods': 'public',
  'POST /api/auth/setup': 'public',
  'POST /api/auth/password/login': 'public',
  'POST /api/auth/password/reset': 'public',
  'GET /api/auth/password/reset/:token': 'public',
  'POST /api/auth/password/reset/:token': 'public',
  'POST /api/invitations/:token/password': 'public',
  'GET /api/auth/sessions': 'signed-in',
  'DELETE /api/auth/sessions/:id': 'signed-in',
  'GET /api/auth/two-factor': 'signed-in',
  'POST /api/auth/two-factor/start': 'signed-in',
  'POST /api/auth/two-factor/enable': 'signed-in',
  'POST /api/auth/two-factor/disable': 'signed-in',
  // public pages, the API description, the tracker's ingest, signed links and webhooks
  'GET /api/public/health': 'public',
  'GET /api/public/basic-stats': 'public',
  'GET /api/public/config': 'public',
  'GET /api/public/sample-data': 'public',
  'GET /api/openapi.json': 'public',
  'POST /api/cursor-tracking/events': 'public',
  'OPTIONS /api/cursor-tracking/events': 'public',
  'GET /api/notifications/unsubscribe': 'public',
  'POST /api/notifications/unsubscribe': 'public',
  'POST /api/webhooks/shopify': 'public',

  // stores of the workspace (issue #17, decision 053)
  'GET /api/stores': READ,
  'POST /api/stores': MEMBERS,
  'POST /api/stores/:id/select': 'signed-in',
  // members, invitations and the audit log (issue #17)
  'GET /api/workspace/members': READ,
  'PATCH /api/workspace/members/:id': MEMBERS,
  'DELETE /api/workspace/members/:id': MEMBERS,
  'GET /api/workspace/invitations': MEMBERS,
  'POST /api/workspace/invitations': MEMBERS,
  'DELETE /api/workspace/invitations/:id': MEMBERS,
  // A browser opening the link is sent through sign-in; read as JSON it needs a session (handler).
  'GET /api/invitations/:token': 'public',
  'POST /api/invitations/:token/accept': 'signed-in',
  'GET /api/audit-log': 'audit',
  // exchange rates and the All-stores views (issue #17 item 1, decision 067)
  'GET /api/exchange-rates': READ,
  'POST /api/exchange-rates': CONNECTIONS,
  'POST /api/exchange-rates/fetch': CONNECTIONS,
  'GET /api/all-stores/dashboard': READ,
  'GET /api/all-stores/profit': COSTS_READ,
  'GET /api/all-stores/products': READ,
  'PATCH /api/workspace': MEMBERS,

  // dashboard, opportunities, analytics, customers, products, orders, campaigns, models, insights
  'GET /api/dashboard/kpis': READ,
  'GET /api/dashboard/today': READ,
  'GET /api/opportunities': READ,
  'GET /api/opportunities/stats': READ,
  'GET /api/opportunities/export.csv': READ,
  'POST /api/opportunities/:id/implement': ANALYZE,
  'POST /api/opportunities/:id/dismiss': ANALYZE,
  'POST /api/opportunities/:id/restore': ANALYZE,
  'GET /api/analytics/revenue-forecast': READ,
  'GET /api/analytics/customer-segments': READ,
  'GET /api/analytics/cohort-retention': READ,
  'GET /api/analytics/attribution': READ,
  'GET /api/analytics/stock-impact': READ,
  'GET /api/attribution/first-party/health': READ,
  'GET /api/attribution/first-party': READ,
  // funnels (issue 40)
  'GET /api/funnels': READ,
  'POST /api/funnels': ANALYZE,
  'GET /api/funnels/:id/report': READ,
  'GET /api/funnels/:id/steps/:step/sessions': READ,
  'GET /api/analytics/ga/overview': READ,
  'PUT /api/analytics/forecast-closures/:date': ANALYZE,
  'DELETE /api/analytics/forecast-closures/:date': ANALYZE,
  'GET /api/analysis/status': READ,
  'POST /api/analysis/run': ANALYZE,
  'GET /api/campaigns': READ,
  'GET /api/creatives': READ,
  'GET /api/creatives/:adId/daily': READ,
  'GET /api/customers': READ,
  'GET /api/customers/summary': READ,
  'GET /api/customers/cohort-profit': COSTS_READ,
  'GET /api/products/performance': READ,
  'GET /api/products/profit': COSTS_READ,
  'GET /api/products/affinity': COSTS_READ,
  'GET /api/products/:productId/daily': READ,
  'PUT /api/products/:productId/lead-time': ANALYZE,
  'GET /api/profit': COSTS_READ,
  // the marketing-mix model and budget planner (issue #41): contribution and profit figures
  'GET /api/measurement/mmm': COSTS_READ,
  'POST /api/measurement/plan': COSTS_READ,
  'GET /api/shopify/order/:orderName': READ,
  'GET /api/shopify/summary': READ,
  'GET /api/shopify/scopes': READ,
  'GET /api/models/diagnostics': READ,
  'GET /api/models/runs': READ,
  'GET /api/insights': READ,
  'GET /api/alerts': READ,
  // Ask Upside (issue 42): the owner's model answering with the read-only tools
  'GET /api/ask/config': READ,
  'POST /api/ask': READ,
  'GET /api/experiments': READ,
  'GET /api/experiments/sample-size': READ,
  'GET /api/experiments/:id': READ,
  'POST /api/experiments': ANALYZE,
  'PUT /api/experiments/:id': ANALYZE,
  'DELETE /api/experiments/:id': ANALYZE,

  // GA and Meta reads (the GA POSTs carry credentials: connections)
  'GET /api/ga/analytics/overview': READ,
  'GET /api/ga/analytics/pages': READ,
  'GET /api/ga/analytics/traffic': READ,
  'POST /api/ga/analytics/overview': CONNECTIONS,
  'POST /api/ga/analytics/pages': CONNECTIONS,
  'POST /api/ga/analytics/traffic': CONNECTIONS,
  'GET /api/meta/debug-temp': READ,
  'GET /api/meta/test-connection': READ,
  'GET /api/meta/test-available-data': READ,
  'GET /api/meta/spending/last-month': READ,
  'GET /api/meta/summary': READ,
  'GET /api/ad-spend': READ,
  // spend imports and manual cost lines (issue #39 step 4, decision 105): as cost edits
  'POST /api/ad-spend/import': COSTS_WRITE,
  'GET /api/ad-spend/manual-lines': COSTS_READ,
  'POST /api/ad-spend/manual-lines': COSTS_WRITE,
  'PUT /api/ad-spend/manual-lines/:id': COSTS_WRITE,
  'DELETE /api/ad-spend/manual-lines/:id': COSTS_WRITE,
  'GET /api/ad-spend/sheets': COSTS_READ,
  'POST /api/ad-spend/sheets': COSTS_WRITE,
  'POST /api/ad-spend/sheets/:id/fetch': COSTS_WRITE,
  'DELETE /api/ad-spend/sheets/:id': COSTS_WRITE,

  // cursor tracking
  'GET /api/cursor-tracking/statistics': READ,
  'GET /api/cursor-tracking/sessions': READ,
  'GET /api/cursor-tracking/clicks': READ,
  'GET /api/cursor-tracking/heatmap': READ,
  'GET /api/cursor-tracking/scroll': READ,
  'GET /api/cursor-tracking/frustration': READ,
  'GET /api/cursor-tracking/element-revenue': READ,
  'GET /api/cursor-tracking/experiments': READ,
  'GET /api/tracking-configurations': READ,
  'GET /api/tracking/install-check': READ,
  'GET /api/tracking/sites/:id/pixel': READ,
  'POST /api/tracking-configurations': CONNECTIONS,
  'PATCH /api/tracking-configurations/:id': CONNECTIONS,
  'DELETE /api/tracking-configurations/:id': CONNECTIONS,

  // connections, sync, demo
  'GET /api/credentials/status': READ,
  'GET /api/credentials/shopify': READ,
  'GET /api/credentials/google-analytics/status': READ,
  'POST /api/credentials/shopify': CONNECTIONS,
  'DELETE /api/credentials/shopify': CONNECTIONS,
  'POST /api/credentials/google-analytics/simple-store': CONNECTIONS,
  'POST /api/credentials/google-analytics/test': CONNECTIONS,
  'DELETE /api/credentials/google-analytics': CONNECTIONS,
  'POST /api/credentials/meta': CONNECTIONS,
  'DELETE /api/credentials/meta': CONNECTIONS,
  'GET /api/credentials/google-ads': READ,
  'POST /api/credentials/google-ads': CONNECTIONS,
  'DELETE /api/credentials/google-ads': CONNECTIONS,
  'GET /api/credentials/tiktok-ads': READ,
  'POST /api/credentials/tiktok-ads': CONNECTIONS,
  'DELETE /api/credentials/tiktok-ads': CONNECTIONS,
  'GET /api/sync/status': READ,
  'POST /api/sync/run': CONNECTIONS,
  'GET /api/demo/credentials': READ,
  'POST /api/demo/connect': CONNECTIONS,
  'POST /api/demo/stores': MEMBERS,
  'GET /api/demo/live': READ,
  'POST /api/demo/live': CONNECTIONS,
  'GET /api/compliance/data-requests': CONNECTIONS,
  'GET /api/compliance/data-requests/:id': CONNECTIONS,
  'GET /api/tokens': CONNECTIONS,
  'POST /api/tokens': CONNECTIONS,
  'DELETE /api/tokens/:id': CONNECTIONS,

  // costs (issue #13)
  'GET /api/costs/ledger': COSTS_READ,
  'GET /api/costs/export': COSTS_READ,
  'GET /api/costs/settings': COSTS_READ,
  'POST /api/costs/entries': COSTS_WRITE,
  'POST /api/costs/expenses': COSTS_WRITE,
  'PUT /api/costs/expenses/:id': COSTS_WRITE,
  'DELETE /api/costs/expenses/:id': COSTS_WRITE,
  'POST /api/costs/import': COSTS_WRITE,
  'POST /api/costs/shipping-import': COSTS_WRITE,
  'PUT /api/costs/shipping-profiles': COSTS_WRITE,
  'PUT /api/costs/default-margin': COSTS_WRITE,
  'PUT /api/costs/fee-rules': COSTS_WRITE,
  'POST /api/costs/recalculations': COSTS_WRITE,

  // CSV exports (decision 020)
  'GET /api/export/campaign-days.csv': READ,
  'GET /api/export/cursor-sessions.csv': READ,
  'GET /api/export/customers.csv': READ,
  'GET /api/export/daily-pnl.csv': COSTS_READ,
  'GET /api/export/order-lines.csv': READ,
  'GET /api/export/orders.csv': READ,

  // notifications and alerts (issue #14)
  'GET /api/notifications/channels': READ,
  'POST /api/notifications/channels': CONNECTIONS,
  'DELETE /api/notifications/channels/:id': CONNECTIONS,
  'POST /api/notifications/channels/:id/test': CONNECTIONS,
  'GET /api/notifications/caught-mail': CONNECTIONS,
  'POST /api/notifications/digests/test': CONNECTIONS,
  'GET /api/notifications/deliveries': READ,
  'GET /api/notifications/demo-slack': CONNECTIONS,
  'GET /api/notifications/settings': READ,
  'PUT /api/notifications/settings': CONNECTIONS,
  'GET /api/notifications/rules': READ,
  'POST /api/notifications/rules': CONNECTIONS,
  'DELETE /api/notifications/rules/:id': CONNECTIONS,
};

/** Routes whose answers carry shop customers' names and e-mails (masked without the switch). */
export const PERSONAL_DATA_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/customers',
  'GET /api/shopify/order/:orderName',
  'GET /api/export/customers.csv',
  'GET /api/compliance/data-requests',
  'GET /api/compliance/data-requests/:id',
]);

/** The API reference page and its assets (decision 021): registered by @fastify/swagger-ui, no data. */
const PUBLIC_PREFIX = '/api/docs';

/** A route's access ("METHOD /path"), or undefined when the table has no entry for it. */
export function accessOf(route: string): RouteAccess | undefined {
  const path = route.slice(route.indexOf(' ') + 1);
  if (path === PUBLIC_PREFIX || path.startsWith(`${PUBLIC_PREFIX}/`)) return 'public';
  return ROUTE_ACCESS[route];
}
