import { z } from 'zod';
import { DATA_TOPICS, graphqlTopicOf } from '../../../../shared/contracts/webhooks.ts';
import { UpstreamError } from '../../../connectors/http/upstream-error.ts';
import type { ShopifyClient } from '../../../connectors/shopify/client.ts';
import {
  type DeliveryState,
  readDeliveryState,
  saveDeliveryState,
} from '../../../domain/sync/delivery-mode.ts';
import type { IntegrationContext } from '../../../platform/integrations/integration-context.ts';
import { createShopifyClientFor } from '../../../platform/integrations/shopify-client-for.ts';
import { describeFailure } from '../../../platform/integrations/upstream-failure.ts';
import { loadCredential } from '../../../vault/credential-store.ts';

/**
 * Webhook subscriptions through the Admin GraphQL API (decision 030): created on connect for every
 * data topic, pointing at `$PUBLIC_URL/api/webhooks/shopify`, and deleted on disconnect. When they
 * cannot be created — no API secret key to verify deliveries, no public https address, a scope or
 * call refused — the workspace stays on polling and `webhook_subscriptions.reason` says why (the
 * data-freshness panel and /api/dashboard/today show it).
 */

const LIST_QUERY = `query WebhookSubscriptions($first: Int!, $after: String) {
  webhookSubscriptions(first: $first, after: $after) {
    nodes { id topic uri }
    pageInfo { hasNextPage endCursor }
  }
}`;
const CREATE_MUTATION = `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`;
const DELETE_MUTATION = `mutation WebhookSubscriptionDelete($id: ID!) {
  webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } }
}`;

// `uri` replaced `callbackUrl`/`endpoint` in 2025-10 (contracts/external-apis-2.md §4).
const SubscriptionSchema = z.object({ id: z.string(), topic: z.string(), uri: z.string() });
const UserErrorsSchema = z.array(z.object({ message: z.string() }));
const ListSchema = z.object({
  webhookSubscriptions: z.object({
    nodes: z.array(SubscriptionSchema),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable().optional() }),
  }),
});
const CreateSchema = z.object({
  webhookSubscriptionCreate: z
    .object({ webhookSubscription: SubscriptionSchema.nullable(), userErrors: UserErrorsSchema })
    .nullable(),
});
const DeleteSchema = z.object({
  webhookSubscriptionDelete: z
    .object({ deletedWebhookSubscriptionId: z.string().nullable(), userErrors: UserErrorsSchema })
    .nullable(),
});

/** Where Shopify should deliver, or why there is nowhere it can. */
export function webhookCallbackUrl(args: {
  configuredPublicUrl: string | undefined;
  listeningUrl: string;
  isDemoShop: boolean;
  intervalMinutes: number;
}): { url: string } | { reason: string } {
  // The demo store's emulator runs beside the server and reaches it on its own address.
  if (args.isDemoShop) return { url: `${args.listeningUrl}/api/webhooks/shopify` };
  if (args.configuredPublicUrl?.startsWith('https://')) {
    return { url: `${args.configuredPublicUrl}/api/webhooks/shopify` };
  }
  return {
    reason: `Shopify delivers webhooks only to a public https address: set PUBLIC_URL to one. Until then Upside polls every ${args.intervalMinutes} minutes.`,
  };
}

async function listSubscriptions(client: ShopifyClient) {
  const all: z.infer<typeof SubscriptionSchema>[] = [];
  let after: string | null = null;
  for (;;) {
    const page: z.infer<typeof ListSchema> = await client.query(
      LIST_QUERY,
      { first: 100, after },
      ListSchema,
    );
    all.push(...page.webhookSubscriptions.nodes);
    const { hasNextPage, endCursor } = page.webhookSubscriptions.pageInfo;
    if (!hasNextPage || !endCursor) return all;
    after = endCursor;
  }
}

const polling = (reason: string): DeliveryState => ({
  mode: 'polling',
  reason,
  callbackUrl: null,
  subscriptionIds: [],
});

/**
 * Creates (or finds) a subscription per data topic for the workspace's store and records the
 * delivery mode. Existing subscriptions to the same address are reused, so running it again
 * creates nothing twice. Returns the state it saved.
 */
export async function registerWebhookSubscriptions(
  context: IntegrationContext,
  args: {
    workspaceId: string;
    configuredPublicUrl: string | undefined;
    listeningUrl: string;
    intervalMinutes: number;
  },
): Promise<DeliveryState> {
  const save = async (state: DeliveryState) => {
    await saveDeliveryState(context.db, args.workspaceId, state, context.now());
    return state;
  };
  const stored = await loadCredential(context.db, context.keyring, args.workspaceId, 'shopify');
  if (!stored) return save(polling('Shopify is not connected.'));
  if (!stored.secret.apiSecret) {
    return save(
      polling(
        `Add the store's API secret key in Profile & Integrations to receive live data; until then Upside polls every ${args.intervalMinutes} minutes.`,
      ),
    );
  }
  const target = webhookCallbackUrl({
    configuredPublicUrl: args.configuredPublicUrl,
    listeningUrl: args.listeningUrl,
    isDemoShop: context.upstream.isDemo('shopify', stored.secret.shopDomain),
    intervalMinutes: args.intervalMinutes,
  });
  if ('reason' in target) return save(polling(target.reason));
  const client = createShopifyClientFor(context, stored.secret);
  try {
    const existing = await listSubscriptions(client);
    const ids: string[] = [];
    for (const topic of DATA_TOPICS) {
      const graphqlTopic = graphqlTopicOf(topic);
      const found = existing.find(
        (subscription) => subscription.topic === graphqlTopic && subscription.uri === target.url,
      );
      if (found) {
        ids.push(found.id);
        continue;
      }
      const created = await client.query(
        CREATE_MUTATION,
        { topic: graphqlTopic, webhookSubscription: { uri: target.url, format: 'JSON' } },
        CreateSchema,
      );
      const payload = created.webhookSubscriptionCreate;
      const refused = payload?.userErrors[0]?.message;
      if (!payload?.webhookSubscription) {
        return save(
          polling(
            `Shopify refused the ${topic} webhook (${refused ?? 'no subscription returned'}); Upside keeps polling.`,
          ),
        );
      }
      ids.push(payload.webhookSubscription.id);
    }
    return save({ mode: 'webhooks', reason: null, callbackUrl: target.url, subscriptionIds: ids });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return save(polling(`Webhooks could not be registered: ${describeFailure(error)} Upside keeps polling.`));
  }
}

/**
 * Deletes the workspace's subscriptions from its store (on disconnect) and forgets the mode.
 * A store that cannot be reached leaves its subscriptions behind; their deliveries then answer 404.
 */
export async function removeWebhookSubscriptions(
  context: IntegrationContext,
  workspaceId: string,
): Promise<number> {
  const state = await readDeliveryState(context.db, workspaceId);
  const stored = await loadCredential(context.db, context.keyring, workspaceId, 'shopify');
  let removed = 0;
  if (stored && state.subscriptionIds.length > 0) {
    const client = createShopifyClientFor(context, stored.secret);
    try {
      for (const id of state.subscriptionIds) {
        const answer = await client.query(DELETE_MUTATION, { id }, DeleteSchema);
        if (answer.webhookSubscriptionDelete?.deletedWebhookSubscriptionId) removed += 1;
      }
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
    }
  }
  await saveDeliveryState(context.db, workspaceId, polling('Shopify is not connected.'), context.now());
  return removed;
}
