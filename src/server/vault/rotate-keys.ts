import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import { reencryptTotpSecrets } from '../features/auth/password/two-factor.ts';
import { reencryptChannelTargets } from '../platform/notifications/reencrypt-channel-targets.ts';
import { generateVaultKeyBase64, parseVaultKey, type VaultKeyring } from './cipher.ts';
import { reencryptAllCredentials } from './credential-store.ts';
import { NEXT_KEY_FILE, promoteNextKeyFile, writeKeyFile } from './keyring-file.ts';

export interface RotateKeysResult {
  /** Credential records rewritten. */
  rewritten: number;
  /** Notification channel targets (Slack/webhook URLs, signing secrets) rewritten. */
  channels: number;
  oldKeyId: string;
  newKeyId: string;
  /** base64 of the new key when it was generated here and the operator must store it (ENCRYPTION_KEY) */
  generatedKey: string | undefined;
}

/**
 * Re-encrypts every credential record, notification channel target and TOTP secret under a new key, in one
 * transaction (`upside keys rotate`). Development (key in
 * `<dataDir>/encryption.key`): the new key is written to `encryption.key.next` before the
 * database changes and promoted after the commit, so a crash never strands a record. Production
 * (ENCRYPTION_KEY): the records move to the new key in one transaction and the operator sets
 * ENCRYPTION_KEY to it before restarting the app.
 */
export async function rotateVaultKey(args: {
  db: Db;
  keyring: VaultKeyring;
  /** base64; generated when absent */
  newKey?: string | undefined;
  /** set in development (key file mode) */
  dataDir?: string | undefined;
}): Promise<RotateKeysResult> {
  const generated = args.newKey ? undefined : generateVaultKeyBase64();
  const newKeyBase64 = args.newKey ?? generated!;
  const newKey = parseVaultKey(newKeyBase64);
  if (newKey.id === args.keyring.current.id) throw new Error('the new key is the same as the current key');
  if (args.dataDir) await writeKeyFile(join(args.dataDir, NEXT_KEY_FILE), newKeyBase64);
  const { rewritten, channels } = await args.db.transaction(async (tx) => {
    // Two-factor secrets (decision 095) move with the credentials, or a dropped key locks people out.
    await reencryptTotpSecrets(tx, args.keyring, newKey);
    return {
      rewritten: await reencryptAllCredentials(tx, args.keyring, newKey),
      channels: await reencryptChannelTargets(tx, args.keyring, newKey),
    };
  });
  if (args.dataDir) await promoteNextKeyFile(args.dataDir);
  return {
    rewritten,
    channels,
    oldKeyId: args.keyring.current.id,
    newKeyId: newKey.id,
    generatedKey: args.dataDir ? undefined : generated,
  };
}
