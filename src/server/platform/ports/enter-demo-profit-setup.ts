import type { DemoCredentials } from '../../../shared/contracts/credentials.ts';
import type { DemoProfitSetup } from '../../../shared/contracts/demo-profit.ts';
import type { IntegrationContext } from '../integrations/integration-context.ts';

/**
 * A port (decisions 155, 166): enters a demo shop's profit setup (costs, shipping, fees, expenses)
 * before its backfill. The costs feature provides it (`costs/services/enter-demo-profit-setup.ts`);
 * the composition root (`main.ts`) passes it to the demo feature, so the demo does
 * not import the costs feature.
 */
export type EnterDemoProfitSetup = (
  context: IntegrationContext,
  args: { workspaceId: string; userId: string; demo: DemoCredentials; setup: DemoProfitSetup },
) => Promise<void>;
