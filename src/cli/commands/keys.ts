import { openDatabase } from '../../server/db/client.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { resolveSecrets } from '../../server/secrets.ts';
import { parseVaultKey } from '../../server/vault/cipher.ts';
import { buildKeyring } from '../../server/vault/keyring-file.ts';
import { rotateVaultKey } from '../../server/vault/rotate-keys.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';
import { loadCliEnv, targetOfCliEnv } from '../database-target.ts';

/**
 * `upside keys rotate [--new-key BASE64]`: re-encrypts every stored credential and notification
 * channel target (Slack and webhook URLs are secrets) under a new key.
 * Stop the app first. In development the key file is replaced; with ENCRYPTION_KEY set, set it to
 * the new key (printed when generated) before starting the app again.
 */
export const command: CliCommand = {
  summary:
    'Encryption keys: `keys rotate [--new-key BASE64]` re-encrypts all stored credentials and channel targets',
  async run(argv) {
    const [action, ...rest] = argv;
    if (action !== 'rotate') throw new CliUsageError('usage: upside keys rotate [--new-key BASE64]');
    const flags = parseFlags(rest, { 'new-key': { type: 'string' } });
    if (flags['new-key'] !== undefined) {
      try {
        parseVaultKey(flags['new-key']);
      } catch (error) {
        throw new CliUsageError(`--new-key: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const env = loadCliEnv();
    const database = await openDatabase(targetOfCliEnv(env));
    try {
      await migrateDatabase(database);
      const secrets = resolveSecrets(env);
      const devKeyFile = env.encryptionKey ? undefined : env.dataDir;
      const keyring = buildKeyring({ current: secrets.encryptionKey, dataDir: devKeyFile });
      const result = await rotateVaultKey({
        db: database.db,
        keyring,
        newKey: flags['new-key'],
        dataDir: devKeyFile,
      });
      process.stdout.write(
        `Re-encrypted ${result.rewritten} credential record(s) and ${result.channels} notification channel target(s): key ${result.oldKeyId} → ${result.newKeyId}.\n`,
      );
      if (devKeyFile) {
        process.stdout.write(
          `The new key is in ${devKeyFile}/encryption.key (the old one is kept as encryption.key.previous).\n`,
        );
      } else if (result.generatedKey) {
        process.stdout.write(
          `Set ENCRYPTION_KEY to this new key before starting the app:\n${result.generatedKey}\n`,
        );
      } else {
        process.stdout.write('Set ENCRYPTION_KEY to the new key before starting the app.\n');
      }
      return 0;
    } finally {
      await database.close();
    }
  },
};
