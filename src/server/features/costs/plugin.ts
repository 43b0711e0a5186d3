import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { costsJobs } from './jobs.ts';
import { registerCostRoutes } from './routes/register-cost-routes.ts';
import { enterDemoProfitSetup } from './services/enter-demo-profit-setup.ts';

/**
 * The costs feature (decision 190): the Costs settings page and the cost recalculation job. It
 * provides the demo the entry of a demo shop's profit setup (decision 166).
 */
export const costsFeature = {
  name: 'costs',
  routes: async (app, { deps }) => registerCostRoutes(app, deps),
  jobs: costsJobs,
  provides: { enterDemoProfitSetup },
  tables: [
    'cost_imports',
    'cost_recalculations',
    'expenses',
    'payment_fee_rules',
    'profit_settings',
    'shipping_profiles',
    'wh_cost_ledger',
    'wh_order_shipping_costs',
  ],
} satisfies FeaturePlugin;
