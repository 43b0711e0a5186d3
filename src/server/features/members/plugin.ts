import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { RevokeMemberTokens } from '../../platform/ports/revoke-member-tokens.ts';
import { registerMemberRoutes } from './routes.ts';

/**
 * The members feature (decision 190): Members and invitations. Removing a member revokes their API
 * tokens through the api-tokens feature's port (decisions 155, 215).
 */
export const membersFeature = (ports: { revokeMemberTokens: RevokeMemberTokens }): FeaturePlugin => ({
  name: 'members',
  routes: async (app, { deps }) => registerMemberRoutes(app, deps, ports.revokeMemberTokens),
});
