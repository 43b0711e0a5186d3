import type { AuditAction } from '../../../shared/contracts/members.ts';

/**
 * Routes whose every successful call is a sensitive action (issue #17 item 4): the audit hook
 * (register-audit-hook.ts) records who called it, when, and the route with its path parameters and
 * query as the "what". Member, role and invitation changes, a cost entry (features/costs,
 * manage-cost-settings.ts) and a finished cost recalculation are recorded by their own services,
 * with the before and after.
 */
export const AUDITED_ROUTES: Readonly<Record<string, AuditAction>> = {
  'POST /api/credentials/shopify': 'credentials.changed',
  'DELETE /api/credentials/shopify': 'credentials.removed',
  'POST /api/credentials/google-analytics/simple-store': 'credentials.changed',
  'DELETE /api/credentials/google-analytics': 'credentials.removed',
  'POST /api/credentials/meta': 'credentials.changed',
  'DELETE /api/credentials/meta': 'credentials.removed',
  'POST /api/demo/connect': 'credentials.changed',
  'POST /api/ga/analytics/overview': 'credentials.changed',
  'POST /api/ga/analytics/pages': 'credentials.changed',
  'POST /api/ga/analytics/traffic': 'credentials.changed',
  'POST /api/notifications/channels': 'credentials.changed',
  'DELETE /api/notifications/channels/:id': 'credentials.removed',
  'POST /api/tokens': 'api-token.created',
  'DELETE /api/tokens/:id': 'api-token.revoked',
  'POST /api/costs/expenses': 'costs.changed',
  'PUT /api/costs/expenses/:id': 'costs.changed',
  'DELETE /api/costs/expenses/:id': 'costs.changed',
  'POST /api/costs/import': 'costs.changed',
  'POST /api/costs/shipping-import': 'costs.changed',
  'PUT /api/costs/shipping-profiles': 'costs.changed',
  'PUT /api/costs/default-margin': 'costs.changed',
  'PUT /api/costs/fee-rules': 'costs.changed',
  'GET /api/costs/export': 'export.downloaded',
  'GET /api/opportunities/export.csv': 'export.downloaded',
  'GET /api/export/campaign-days.csv': 'export.downloaded',
  'GET /api/export/cursor-sessions.csv': 'export.downloaded',
  'GET /api/export/customers.csv': 'export.downloaded',
  'GET /api/export/order-lines.csv': 'export.downloaded',
  'GET /api/export/orders.csv': 'export.downloaded',
  'DELETE /api/tracking-configurations/:id': 'data.deleted',
  'DELETE /api/experiments/:id': 'data.deleted',
  'DELETE /api/notifications/rules/:id': 'data.deleted',
  'DELETE /api/analytics/forecast-closures/:date': 'data.deleted',
  'POST /api/stores': 'store.created',
  'POST /api/demo/stores': 'store.created',
};
