import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerAuditLogRoutes } from './routes.ts';

/** The audit-log feature (decision 190): The audit log's read; the hook that records audited calls is the root's (http/plugins/audit.ts), before every route. */
export const auditLogFeature: FeaturePlugin = {
  name: 'audit-log',
  routes: async (app, { deps }) => registerAuditLogRoutes(app, deps),
};
