import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { exchangeRateJobs } from './jobs.ts';
import { registerExchangeRateRoutes } from './routes.ts';

/** The exchange-rates feature (decision 190): Exchange rates: the feed's state, fetch now, manual rates; the fetch job and its schedule. */
export const exchangeRatesFeature: FeaturePlugin = {
  name: 'exchange-rates',
  routes: async (app, { deps }) => registerExchangeRateRoutes(app, deps),
  jobs: exchangeRateJobs,
  tables: ['manual_exchange_rates'],
};
