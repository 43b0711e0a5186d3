import type { Db } from '../../../db/client.ts';
import { saveDeliveryState } from '../../../domain/sync/delivery-mode.ts';
import type { VaultKeyring } from '../../../vault/cipher.ts';
import { loadCredential, saveCredential } from '../../../vault/credential-store.ts';

/** What the data-freshness panel says once the app was uninstalled (decision 043). */
export const UNINSTALLED_REASON =
  'The Upside app was uninstalled from the store: its access token was deleted from Upside and syncing stopped. Reconnect the store to resume.';

/**
 * app/uninstalled: Shopify has revoked the app's access, so Upside drops what gave it access —
 * the access token (and the API key of a key-pair connection) — and marks the connection failed,
 * which stops the scheduled syncs. Only the app's API secret key is kept: shop/redact arrives 48
 * hours later signed with it, and without it that erasure could not be verified and honoured
 * (it then deletes the rest). Delivery switches to polling with the reason on the panel.
 */
export async function uninstallApp(
  db: Db,
  keyring: VaultKeyring,
  args: { workspaceId: string; now: Date },
): Promise<string> {
  const stored = await loadCredential(db, keyring, args.workspaceId, 'shopify');
  if (stored) {
    const { shopDomain, apiSecret } = stored.secret;
    await saveCredential(db, keyring, {
      workspaceId: args.workspaceId,
      provider: 'shopify',
      secret: apiSecret ? { shopDomain, apiSecret } : { shopDomain },
      publicInfo: stored.publicInfo,
      status: 'failed',
      lastError: UNINSTALLED_REASON,
      verifiedAt: null,
      now: args.now,
    });
  }
  await saveDeliveryState(
    db,
    args.workspaceId,
    { mode: 'polling', reason: UNINSTALLED_REASON, callbackUrl: null, subscriptionIds: [] },
    args.now,
  );
  return stored ? 'access token deleted, delivery switched to polling' : 'delivery switched to polling';
}
