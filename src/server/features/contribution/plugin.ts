import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerContributionRoutes } from './routes.ts';

/** The contribution feature (decision 190): Contribution per product, cohort and channel; products bought together. */
export const contributionFeature: FeaturePlugin = {
  name: 'contribution',
  routes: async (app, { deps }) => registerContributionRoutes(app, deps),
};
