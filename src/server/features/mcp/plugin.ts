import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerMcpRoutes } from './routes.ts';

/** The mcp feature (decision 190): Ask Upside's MCP server. */
export const mcpFeature: FeaturePlugin = {
  name: 'mcp',
  routes: async (app, { deps }) => registerMcpRoutes(app, deps),
};
