import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { DemoTracking } from '../../platform/ports/demo-tracking.ts';
import type { EnterDemoProfitSetup } from '../../platform/ports/enter-demo-profit-setup.ts';
import { registerDemoRoutes } from './routes.ts';

/**
 * The demo feature (decision 190): demo credentials, one-click connect and the demo storefront;
 * the costs feature's profit setup and the tracking feature's storefront tracking come in as
 * ports (decision 166).
 */
export const demoFeature = (ports: {
  enterProfitSetup: EnterDemoProfitSetup;
  tracking: DemoTracking;
}): FeaturePlugin => ({
  name: 'demo',
  routes: async (app, { deps }) => registerDemoRoutes(app, deps, ports),
});
