import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { decryptSecret, encryptSecret, type VaultKey, type VaultKeyring } from '../../vault/cipher.ts';

/** What a channel's target is bound to: its workspace (a row copied elsewhere cannot be read). */
export const channelVaultContext = (workspaceId: string) => ({
  workspaceId,
  provider: 'notification-channel',
});

const ReencryptChannelTargetRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  target_key_id: z.string(),
  target_iv: z.string(),
  target_auth_tag: z.string(),
  target_ciphertext: z.string(),
});

/**
 * Re-encrypts every notification channel's target (Slack and webhook URLs, a webhook's signing
 * secret: secrets like the credentials) under `newKey`, reading them with `keyring`. Run it inside
 * the transaction that rotates the credentials (`upside keys rotate`). Returns the rows rewritten.
 */
export async function reencryptChannelTargets(
  tx: Db,
  keyring: VaultKeyring,
  newKey: VaultKey,
): Promise<number> {
  const target: VaultKeyring = { current: newKey, byId: new Map([[newKey.id, newKey]]) };
  const rows = await queryRows(
    tx,
    ReencryptChannelTargetRow,
    sql`SELECT id, workspace_id, target_key_id, target_iv, target_auth_tag, target_ciphertext
        FROM notification_channels FOR UPDATE`,
  );
  for (const row of rows) {
    const context = channelVaultContext(row.workspace_id);
    const plaintext = decryptSecret(
      keyring,
      {
        keyId: row.target_key_id,
        iv: row.target_iv,
        authTag: row.target_auth_tag,
        ciphertext: row.target_ciphertext,
      },
      context,
    );
    const encrypted = encryptSecret(target, plaintext, context);
    await tx.execute(
      sql`UPDATE notification_channels SET target_key_id = ${encrypted.keyId}, target_iv = ${encrypted.iv},
            target_auth_tag = ${encrypted.authTag}, target_ciphertext = ${encrypted.ciphertext}
          WHERE id = ${row.id}`,
    );
  }
  return rows.length;
}
