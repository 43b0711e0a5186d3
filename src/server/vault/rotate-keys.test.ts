import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWorkspace } from '../../../test/support/factories.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { queryRows } from '../db/query-rows.ts';
import { createKeyring, generateVaultKeyBase64, parseVaultKey, VaultDecryptError } from './cipher.ts';
import { loadCredential, saveCredential } from './credential-store.ts';
import { buildKeyring, KEY_FILE, writeKeyFile } from './keyring-file.ts';
import { rotateVaultKey } from './rotate-keys.ts';

let database: Database;
let dir: string;
const SECRETS = ['shpat_rotate-me-0001', 'EAArotate-token-0002', 'meta-app-secret-0003'];

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateDatabase(database);
  dir = await mkdtemp(join(tmpdir(), 'upside-rotate-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const QueryRow = z.object({ key_id: z.string() });

describe('keys rotate', () => {
  it('re-encrypts every record under the new key and keeps them readable', async () => {
    const oldBase64 = generateVaultKeyBase64();
    await writeKeyFile(join(dir, KEY_FILE), oldBase64);
    const keyring = createKeyring(parseVaultKey(oldBase64));
    const ws1 = { id: await createWorkspace(database.db, 'one') };
    const ws2 = { id: await createWorkspace(database.db, 'two') };
    const now = new Date();
    const base = { publicInfo: {}, status: 'verified' as const, lastError: null, verifiedAt: now, now };
    await saveCredential(database.db, keyring, {
      ...base,
      workspaceId: ws1!.id,
      provider: 'shopify',
      secret: { shopDomain: 'a.myshopify.com', accessToken: SECRETS[0] },
    });
    await saveCredential(database.db, keyring, {
      ...base,
      workspaceId: ws2!.id,
      provider: 'meta',
      secret: { accessToken: SECRETS[1]!, adAccountId: 'act_1', appSecret: SECRETS[2]! },
    });

    const result = await rotateVaultKey({ db: database.db, keyring, dataDir: dir });
    expect(result.rewritten).toBe(2);

    const newBase64 = (await readFile(join(dir, KEY_FILE), 'utf8')).trim();
    expect(parseVaultKey(newBase64).id).toBe(result.newKeyId);
    const rows = await queryRows(database.db, QueryRow, sql`SELECT * FROM credentials`);
    expect(rows.every((row) => row.key_id === result.newKeyId)).toBe(true);
    const raw = JSON.stringify(rows);
    for (const secret of SECRETS) expect(raw).not.toContain(secret);

    const onlyNew = createKeyring(parseVaultKey(newBase64));
    const shop = await loadCredential(database.db, onlyNew, ws1!.id, 'shopify');
    expect(shop?.secret.accessToken).toBe(SECRETS[0]);
    await expect(loadCredential(database.db, keyring, ws2!.id, 'meta')).rejects.toThrow(VaultDecryptError);
    // The server's keyring (current key + retired key files) reads everything.
    const serverRing = buildKeyring({ current: Buffer.from(newBase64, 'base64'), dataDir: dir });
    expect((await loadCredential(database.db, serverRing, ws2!.id, 'meta'))?.secret.appSecret).toBe(
      SECRETS[2],
    );
  });
});
