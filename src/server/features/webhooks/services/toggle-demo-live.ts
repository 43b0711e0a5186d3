import type { DemoLiveResponse } from '../../../../shared/contracts/webhooks.ts';
import { readDeliveryState } from '../../../domain/sync/delivery-mode.ts';
import { AppError } from '../../../errors.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { loadCredential } from '../../../vault/credential-store.ts';
import { registerWebhookSubscriptions } from './manage-subscriptions.ts';

/** A live order every few seconds, so a newcomer watches today's numbers move. */
export const DEMO_LIVE_INTERVAL_MS = 3_000;

/**
 * POST /api/demo/live (demo mode only: 404 otherwise). Turning it on needs the demo store
 * connected in this workspace (403 otherwise) and its webhooks registered, which is done here if
 * the connect-time registration has not run yet; the emulator then places orders and delivers
 * them as signed webhooks. Off stops placing orders (deliveries in flight still arrive).
 */
export async function toggleDemoLive(
  deps: AppDeps,
  workspaceId: string,
  enabled: boolean,
): Promise<DemoLiveResponse> {
  const live = deps.demo?.liveOrders;
  if (!deps.demo || !live) throw new AppError(404, 'demo_off', 'Demo mode is not enabled on this server.');
  const context = deps.integration;
  let state = await readDeliveryState(context.db, workspaceId);
  if (!enabled) {
    live.stop();
    return { enabled: false, callbackUrl: state.callbackUrl, mode: state.mode, modeReason: state.reason };
  }
  const stored = await loadCredential(context.db, context.keyring, workspaceId, 'shopify');
  if (!stored || !context.upstream.isDemo('shopify', stored.secret.shopDomain)) {
    throw new AppError(403, 'source_not_connected', 'Connect the demo store first to simulate live orders.');
  }
  if (state.mode !== 'webhooks') {
    state = await registerWebhookSubscriptions(context, {
      workspaceId,
      configuredPublicUrl: deps.env.publicUrl,
      listeningUrl: deps.publicUrl(),
      intervalMinutes: deps.env.syncIntervalMinutes,
    });
  }
  if (state.mode === 'webhooks') live.start(DEMO_LIVE_INTERVAL_MS);
  return {
    enabled: live.enabled,
    callbackUrl: state.callbackUrl,
    mode: state.mode,
    modeReason: state.reason,
  };
}

/** GET /api/demo/live: whether live orders are being placed (404 outside demo mode). */
export async function readDemoLive(deps: AppDeps, workspaceId: string): Promise<DemoLiveResponse> {
  const live = deps.demo?.liveOrders;
  if (!deps.demo || !live) throw new AppError(404, 'demo_off', 'Demo mode is not enabled on this server.');
  const state = await readDeliveryState(deps.db, workspaceId);
  return {
    enabled: live.enabled,
    callbackUrl: state.callbackUrl,
    mode: state.mode,
    modeReason: state.reason,
  };
}
