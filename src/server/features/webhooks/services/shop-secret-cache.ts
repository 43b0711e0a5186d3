import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client.ts';
import type { VaultKeyring } from '../../../vault/cipher.ts';
import { onCredentialChange } from '../../../vault/credential-changes.ts';
import { findShopWorkspaces, type ShopWorkspace } from '../queries/find-shop-workspaces.ts';

/** A credential changed by another process (the CLI, a second server) is seen after at most this. */
export const SHOP_SECRET_TTL_MS = 60_000;
/** Shops kept at once; the least recently delivered-for goes first beyond it. */
const MAX_SHOPS = 10_000;

/**
 * The webhook receiver's shop → workspaces-and-API-secret lookup, kept decrypted in memory so a
 * delivery costs no credential query and no decryption (decision 043). Any change this process
 * makes to a Shopify credential (connect, disconnect, uninstall, shop/redact) empties
 * it at once; a change made elsewhere is picked up within SHOP_SECRET_TTL_MS. Unknown shops are
 * not remembered, so a store connected a moment ago is found on its first delivery. Kept in an
 * lru-cache like the app's other caches (decision 044).
 */
export class ShopSecretCache {
  private readonly entries: LRUCache<string, ShopWorkspace[]>;
  private readonly unsubscribe: () => void;

  constructor(db: Db, keyring: VaultKeyring, nowMs: () => number) {
    this.entries = new LRUCache<string, ShopWorkspace[]>({
      max: MAX_SHOPS,
      ttl: SHOP_SECRET_TTL_MS,
      // The app's clock, so a test that moves it sees the entry expire.
      perf: { now: nowMs },
      // Concurrent deliveries for one shop share one lookup; a failed lookup is not kept.
      fetchMethod: (shopDomain) => findShopWorkspaces(db, keyring, shopDomain),
    });
    this.unsubscribe = onCredentialChange((change) => {
      if (change.provider === 'shopify') this.entries.clear();
    });
  }

  /** The workspaces connected to `shopDomain` (lower-case), with their API secret keys. */
  async lookup(shopDomain: string): Promise<ShopWorkspace[]> {
    const found = (await this.entries.fetch(shopDomain)) ?? [];
    if (found.length === 0) this.entries.delete(shopDomain);
    return found;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
