import type { Db } from '../../../db/client.ts';
import type { VaultKeyring } from '../../../vault/cipher.ts';
import { onCredentialChange } from '../../../vault/credential-changes.ts';
import { findShopWorkspaces, type ShopWorkspace } from '../queries/find-shop-workspaces.ts';

/** A credential changed by another process (the CLI, a second server) is seen after at most this. */
export const SHOP_SECRET_TTL_MS = 60_000;

/**
 * The webhook receiver's shop → workspaces-and-API-secret lookup, kept decrypted in memory so a
 * delivery costs no credential query and no decryption (decision 043). Any change this process
 * makes to a Shopify credential (connect, disconnect, uninstall, shop/redact) empties
 * it at once; a change made elsewhere is picked up within SHOP_SECRET_TTL_MS. Unknown shops are
 * not remembered, so a store connected a moment ago is found on its first delivery.
 */
export class ShopSecretCache {
  private readonly entries = new Map<string, { workspaces: Promise<ShopWorkspace[]>; expiresAt: number }>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly keyring: VaultKeyring,
    private readonly nowMs: () => number,
  ) {
    this.unsubscribe = onCredentialChange((change) => {
      if (change.provider === 'shopify') this.entries.clear();
    });
  }

  /** The workspaces connected to `shopDomain` (lower-case), with their API secret keys. */
  async lookup(shopDomain: string): Promise<ShopWorkspace[]> {
    const now = this.nowMs();
    const hit = this.entries.get(shopDomain);
    if (hit && hit.expiresAt > now) return hit.workspaces;
    const workspaces = findShopWorkspaces(this.db, this.keyring, shopDomain);
    const entry = { workspaces, expiresAt: now + SHOP_SECRET_TTL_MS };
    this.entries.set(shopDomain, entry);
    try {
      const found = await workspaces;
      if (found.length === 0 && this.entries.get(shopDomain) === entry) this.entries.delete(shopDomain);
      return found;
    } catch (error) {
      if (this.entries.get(shopDomain) === entry) this.entries.delete(shopDomain);
      throw error;
    }
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
