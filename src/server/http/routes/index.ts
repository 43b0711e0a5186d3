import type { FastifyInstance } from 'fastify';
import { registerApiTokenRoutes } from '../../features/api-tokens/routes.ts';
import { registerContributionRoutes } from '../../features/contribution/routes.ts';
import { registerCostRoutes } from '../../features/costs/routes/register-cost-routes.ts';
import { registerExportRoutes } from '../../features/exports/routes.ts';
import { registerForecastClosureRoutes } from '../../features/forecast-closures/routes.ts';
import { registerNotificationRoutes } from '../../features/notifications/routes.ts';
import { registerProfitRoutes } from '../../features/profit/routes.ts';
import { registerWebhookRoutes } from '../../features/webhooks/routes.ts';
import type { AppDeps } from '../deps.ts';
import { registerAnalyticsRoutes } from './analytics.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerCampaignRoutes } from './campaigns.ts';
import { registerCredentialsRoutes } from './credentials.ts';
import { registerCursorTrackingRoutes } from './cursor-tracking.ts';
import { registerCustomerRoutes } from './customers.ts';
import { registerDashboardRoutes } from './dashboard.ts';
import { registerDemoRoutes } from './demo.ts';
import { registerExperimentRoutes } from './experiments.ts';
import { registerGaRoutes } from './ga.ts';
import { registerInsightRoutes } from './insights.ts';
import { registerMetaRoutes } from './meta.ts';
import { registerModelRoutes } from './models.ts';
import { registerOpportunityRoutes } from './opportunities.ts';
import { registerProductRoutes } from './products.ts';
import { registerPublicRoutes } from './public.ts';
import { registerShopifyRoutes } from './shopify.ts';
import { registerSyncRoutes } from './sync.ts';
import { registerTrackingConfigurationRoutes } from './tracking-configurations.ts';

/** Every area's routes; each area adds its registrar here. */
const registrars: Array<(app: FastifyInstance, deps: AppDeps) => void | Promise<void>> = [
  registerAuthRoutes,
  registerPublicRoutes,
  registerOpportunityRoutes,
  registerAnalyticsRoutes,
  registerDashboardRoutes,
  registerCustomerRoutes,
  registerCredentialsRoutes,
  registerShopifyRoutes,
  registerGaRoutes,
  registerMetaRoutes,
  registerDemoRoutes,
  registerCursorTrackingRoutes,
  registerTrackingConfigurationRoutes,
  registerSyncRoutes,
  registerCampaignRoutes,
  registerModelRoutes,
  registerInsightRoutes,
  registerExperimentRoutes,
  registerProductRoutes,
  registerApiTokenRoutes,
  registerExportRoutes,
  registerCostRoutes,
  registerProfitRoutes,
  registerContributionRoutes,
  registerForecastClosureRoutes,
  registerNotificationRoutes,
  registerWebhookRoutes,
];

export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const register of registrars) await register(app, deps);
}
