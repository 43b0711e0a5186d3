import type { DemoCredentials } from '../../../../shared/contracts/credentials.ts';
import type { DemoProfitSetup } from '../../../../shared/contracts/demo-profit.ts';
import { currencyDigitsOf } from '../../../../shared/money.ts';
import { createShopifyClient } from '../../../connectors/shopify/client.ts';
import type { IntegrationContext } from '../../../platform/integrations/integration-context.ts';
import { enterProfitSetup } from './enter-profit-setup.ts';

/**
 * Connecting the demo store: reads the demo shop's currency from Shopify (the warehouse has no
 * shop yet: this runs before the first backfill) and enters the owner's profit setup.
 */
export async function enterDemoProfitSetup(
  context: IntegrationContext,
  args: { workspaceId: string; userId: string; demo: DemoCredentials; setup: DemoProfitSetup },
): Promise<void> {
  const client = createShopifyClient({
    baseUrl: context.upstream.shopify(args.demo.shopify.shopDomain),
    auth: { kind: 'access_token', accessToken: args.demo.shopify.accessToken },
    tokens: context.tokens,
    ...(context.upstreamTimeoutMs ? { timeoutMs: context.upstreamTimeoutMs } : {}),
  });
  const shop = await client.getShop();
  await enterProfitSetup(context.db, {
    workspaceId: args.workspaceId,
    userId: args.userId,
    shop: {
      currencyCode: shop.currencyCode,
      digits: currencyDigitsOf(shop.currencyCode),
      timeZone: shop.ianaTimezone,
    },
    setup: args.setup,
    now: context.now(),
  });
}
