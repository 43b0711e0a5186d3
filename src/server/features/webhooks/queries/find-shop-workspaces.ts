import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { VaultKeyring } from '../../../vault/cipher.ts';
import { decryptSecret } from '../../../vault/cipher.ts';
import { ShopifySecretSchema } from '../../../vault/credential-store.ts';

/** A workspace connected to the shop, with the API secret key its webhooks are signed with. */
export interface ShopWorkspace {
  workspaceId: string;
  /** null when the connection was made with an access token alone (webhooks cannot be verified). */
  apiSecret: string | null;
}

const CredentialRow = z.object({
  workspace_id: z.string(),
  key_id: z.string(),
  iv: z.string(),
  auth_tag: z.string(),
  ciphertext: z.string(),
});

/** Every workspace whose Shopify connection is the shop `shopDomain` (several owners may connect one shop). */
export async function findShopWorkspaces(
  db: Db,
  keyring: VaultKeyring,
  shopDomain: string,
): Promise<ShopWorkspace[]> {
  const rows = await queryRows(
    db,
    CredentialRow,
    sql`SELECT workspace_id, key_id, iv, auth_tag, ciphertext FROM credentials
        WHERE provider = 'shopify' AND lower(public_info ->> 'shopDomain') = ${shopDomain.toLowerCase()}`,
  );
  return rows.map((row) => {
    const plaintext = decryptSecret(
      keyring,
      { keyId: row.key_id, iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext },
      { workspaceId: row.workspace_id, provider: 'shopify' },
    );
    const secret = ShopifySecretSchema.parse(JSON.parse(plaintext));
    return { workspaceId: row.workspace_id, apiSecret: secret.apiSecret ?? null };
  });
}
