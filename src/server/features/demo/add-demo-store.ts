import { and, asc, eq } from 'drizzle-orm';
import type { DemoStoreAdded } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import { storeShopifyCredentials } from '../../domain/credentials/manage-shopify-credentials.ts';
import { AppError } from '../../errors.ts';
import type { DemoRuntime } from '../../http/demo-runtime.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import type { EnterDemoProfitSetup } from '../../platform/ports/enter-demo-profit-setup.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { createStore } from '../../platform/workspace/create-store.ts';
import { toStore } from '../../platform/workspace/list-stores.ts';
import { getDemoCredentials } from './connect-demo-store.ts';

/**
 * POST /api/demo/stores (demo mode; owners and admins, like "Add store"): the second demo shop,
 * which sells in another currency (EUR in `upside start`), becomes a store of the caller's
 * workspace — created, its profit setup entered, its Shopify connected (which queues the backfill) —
 * so the All-stores views have a real conversion to show. Not selected. A store of that name already
 * in the workspace is answered as it is (201 only when created), so a second click adds nothing.
 */
export async function addDemoStore(
  db: Db,
  context: IntegrationContext,
  enterDemoProfitSetup: EnterDemoProfitSetup,
  second: DemoRuntime['second'],
  principal: SessionPrincipal,
  now: Date,
): Promise<{ created: boolean; body: DemoStoreAdded }> {
  const demo = getDemoCredentials(context);
  if (!second) throw new AppError(404, 'demo_off', 'This demo has no second store.');
  const [existing] = await db
    .select({ id: workspaces.id, name: workspaces.name, createdAt: workspaces.createdAt })
    .from(workspaces)
    .where(and(eq(workspaces.teamId, principal.teamId), eq(workspaces.name, second.name)))
    .orderBy(asc(workspaces.createdAt))
    .limit(1);
  if (existing)
    return {
      created: false,
      body: {
        store: toStore(
          { ...existing, currency: null, shopDomain: null, timeZone: null },
          principal.workspaceId,
        ),
        currency: second.currency,
        shopify: null,
      },
    };
  const store = await createStore(db, principal, { name: second.name }, now);
  const shop = { ...demo.shopify, shopDomain: second.shopDomain };
  if (second.profitSetup)
    await enterDemoProfitSetup(context, {
      workspaceId: store.id,
      userId: principal.userId,
      demo: { ...demo, shopify: shop },
      setup: second.profitSetup,
    });
  const shopify = await storeShopifyCredentials(context, store.id, {
    shopDomain: shop.shopDomain,
    accessToken: shop.accessToken,
    apiSecret: shop.apiSecret,
  });
  return {
    created: true,
    body: {
      store,
      currency: second.currency,
      shopify: { isValid: shopify.isValid, message: shopify.message },
    },
  };
}
