import type { FastifyInstance } from 'fastify';
import { registerAdPlatformRoutes } from '../features/ad-platforms/routes.ts';
import { registerAdSpendRoutes } from '../features/ad-spend/routes.ts';
import { registerAlertRoutes } from '../features/alerts/routes.ts';
import { registerAllStoresRoutes } from '../features/all-stores/routes.ts';
import { runAnalysis } from '../features/analysis/run-analysis.ts';
import { registerAnalyticsRoutes } from '../features/analytics/routes.ts';
import { registerApiTokenRoutes } from '../features/api-tokens/routes.ts';
import { registerAskRoutes } from '../features/ask/routes.ts';
import { registerAuditLogRoutes } from '../features/audit-log/routes.ts';
import { registerAuthRoutes } from '../features/auth/routes.ts';
import { registerCampaignRoutes } from '../features/campaigns/routes.ts';
import { registerCredentialsRoutes } from '../features/connections/routes.ts';
import { registerContributionRoutes } from '../features/contribution/routes.ts';
import { registerCostRoutes } from '../features/costs/routes/register-cost-routes.ts';
import { enterDemoProfitSetup } from '../features/costs/services/enter-demo-profit-setup.ts';
import { registerCreativeRoutes } from '../features/creatives/routes.ts';
import { registerCustomerRoutes } from '../features/customers/routes.ts';
import { registerDashboardRoutes } from '../features/dashboard/routes.ts';
import { registerDemoRoutes } from '../features/demo/routes.ts';
import { registerExchangeRateRoutes } from '../features/exchange-rates/routes.ts';
import { registerExperimentRoutes } from '../features/experiments/routes.ts';
import { registerExportRoutes } from '../features/exports/routes.ts';
import { registerForecastClosureRoutes } from '../features/forecast-closures/routes.ts';
import { registerFunnelRoutes } from '../features/funnels/routes.ts';
import { registerGaRoutes } from '../features/ga/routes.ts';
import { registerInsightRoutes } from '../features/insights/routes.ts';
import { registerJourneyRoutes } from '../features/journeys/routes.ts';
import { registerMcpRoutes } from '../features/mcp/routes.ts';
import { registerMeasurementRoutes } from '../features/measurement/routes.ts';
import { registerMemberRoutes } from '../features/members/routes.ts';
import { registerMetaRoutes } from '../features/meta/routes.ts';
import { registerModelRoutes } from '../features/models/routes.ts';
import { registerNotificationRoutes } from '../features/notifications/routes.ts';
import { registerOpportunityRoutes } from '../features/opportunities/routes.ts';
import { registerShopifyRoutes } from '../features/orders/routes.ts';
import { registerProductRoutes } from '../features/products/routes.ts';
import { registerProfitRoutes } from '../features/profit/routes.ts';
import { registerPublicRoutes } from '../features/public/routes.ts';
import { registerStoreRoutes } from '../features/stores/routes.ts';
import { registerSyncRoutes } from '../features/sync/routes.ts';
import { registerTrackingConfigurationRoutes } from '../features/tracking/configuration-routes.ts';
import { demoTracking } from '../features/tracking/demo/demo-tracking.ts';
import { registerCursorTrackingRoutes } from '../features/tracking/routes.ts';
import { registerWebhookRoutes } from '../features/webhooks/routes.ts';
import { removeWebhookSubscriptions } from '../features/webhooks/services/manage-subscriptions.ts';
import type { AppDeps } from './deps.ts';

/**
 * The analysis run the manual route and a forecast closure trigger: a port built here, at the
 * composition root, so neither feature imports the analysis feature (decision 155).
 */
const runAnalysisNowWith = (deps: AppDeps) => (workspaceId: string) =>
  runAnalysis(deps, workspaceId, 'manual');

/** Every area's routes; each area adds its registrar here. */
const registrars: Array<(app: FastifyInstance, deps: AppDeps) => void | Promise<void>> = [
  registerAuthRoutes,
  registerPublicRoutes,
  registerOpportunityRoutes,
  (app, deps) => registerAnalyticsRoutes(app, deps, runAnalysisNowWith(deps)),
  registerDashboardRoutes,
  registerCustomerRoutes,
  registerJourneyRoutes,
  registerFunnelRoutes,
  (app, deps) => registerCredentialsRoutes(app, deps, removeWebhookSubscriptions),
  registerAdPlatformRoutes,
  registerAdSpendRoutes,
  registerShopifyRoutes,
  registerGaRoutes,
  registerMetaRoutes,
  (app, deps) =>
    registerDemoRoutes(app, deps, { enterProfitSetup: enterDemoProfitSetup, tracking: demoTracking }),
  registerCursorTrackingRoutes,
  registerTrackingConfigurationRoutes,
  registerSyncRoutes,
  registerCampaignRoutes,
  registerCreativeRoutes,
  registerModelRoutes,
  registerInsightRoutes,
  registerExperimentRoutes,
  registerProductRoutes,
  registerApiTokenRoutes,
  registerExportRoutes,
  registerCostRoutes,
  registerProfitRoutes,
  registerContributionRoutes,
  (app, deps) => registerForecastClosureRoutes(app, deps, runAnalysisNowWith(deps)),
  registerNotificationRoutes,
  registerAlertRoutes,
  registerWebhookRoutes,
  registerStoreRoutes,
  registerMemberRoutes,
  registerAuditLogRoutes,
  registerExchangeRateRoutes,
  registerAllStoresRoutes,
  registerMcpRoutes,
  registerAskRoutes,
  registerMeasurementRoutes,
];

export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const register of registrars) await register(app, deps);
}
