import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CredentialProvider } from '../../shared/contracts/credentials.ts';
import type { Db } from '../db/client.ts';
import { credentials } from '../db/schema/credentials.ts';
import {
  decryptSecret,
  type EncryptedSecret,
  encryptSecret,
  type VaultKey,
  type VaultKeyring,
} from './cipher.ts';
import { credentialChanged } from './credential-changes.ts';

/**
 * Encrypted credential records (one per workspace and provider). Every read and write is scoped
 * by workspace id, and the workspace id + provider are the GCM associated data, so a row copied
 * into another workspace cannot be decrypted there. Writes are single upserts: a credential is
 * either fully replaced or untouched, never half-written.
 */

export const ShopifySecretSchema = z.object({
  shopDomain: z.string(),
  accessToken: z.string().optional(),
  apiKey: z.string().optional(),
  apiSecret: z.string().optional(),
});
export type ShopifySecret = z.infer<typeof ShopifySecretSchema>;

export const Ga4SecretSchema = z.object({ propertyId: z.string(), serviceAccountJson: z.string() });
export type Ga4Secret = z.infer<typeof Ga4SecretSchema>;

export const MetaSecretSchema = z.object({
  accessToken: z.string(),
  adAccountId: z.string(),
  appSecret: z.string(),
});
export type MetaSecret = z.infer<typeof MetaSecretSchema>;

export const GoogleAdsSecretSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  refreshToken: z.string(),
  customerId: z.string(),
  loginCustomerId: z.string().optional(),
  developerToken: z.string().optional(),
});
export type GoogleAdsSecret = z.infer<typeof GoogleAdsSecretSchema>;

export const TikTokSecretSchema = z.object({ accessToken: z.string(), advertiserId: z.string() });
export type TikTokSecret = z.infer<typeof TikTokSecretSchema>;

const SECRET_SCHEMAS = {
  shopify: ShopifySecretSchema,
  ga4: Ga4SecretSchema,
  meta: MetaSecretSchema,
  google_ads: GoogleAdsSecretSchema,
  tiktok_ads: TikTokSecretSchema,
} as const;
export type SecretOf<P extends CredentialProvider> = z.infer<(typeof SECRET_SCHEMAS)[P]>;

export type CredentialStatus = 'verified' | 'failed' | 'unverified';
export type PublicInfo = Record<string, string | boolean | number | null>;

export interface StoredCredential<P extends CredentialProvider> {
  provider: P;
  secret: SecretOf<P>;
  publicInfo: PublicInfo;
  status: CredentialStatus;
  lastError: string | null;
  verifiedAt: Date | null;
  updatedAt: Date;
}

export interface CredentialSummary {
  provider: CredentialProvider;
  status: CredentialStatus;
  publicInfo: PublicInfo;
  lastError: string | null;
  verifiedAt: Date | null;
  /** When the credential was stored or last tested. */
  updatedAt: Date;
}

export interface SaveCredentialInput<P extends CredentialProvider> {
  workspaceId: string;
  provider: P;
  secret: SecretOf<P>;
  publicInfo: PublicInfo;
  status: CredentialStatus;
  lastError: string | null;
  verifiedAt: Date | null;
  now: Date;
}

/** Masks a secret for display: last 4 characters only, never the full value. */
export function maskSecret(value: string | undefined | null): string | null {
  if (!value) return null;
  if (value.length <= 8) return '••••';
  return `••••••••${value.slice(-4)}`;
}

/** Inserts or replaces the workspace's credential for `provider`, encrypted. */
export async function saveCredential<P extends CredentialProvider>(
  db: Db,
  keyring: VaultKeyring,
  input: SaveCredentialInput<P>,
): Promise<void> {
  const encrypted = encryptSecret(keyring, JSON.stringify(input.secret), {
    workspaceId: input.workspaceId,
    provider: input.provider,
  });
  const values = {
    keyId: encrypted.keyId,
    iv: encrypted.iv,
    authTag: encrypted.authTag,
    ciphertext: encrypted.ciphertext,
    publicInfo: input.publicInfo,
    status: input.status,
    lastError: input.lastError,
    verifiedAt: input.verifiedAt,
    updatedAt: input.now,
  };
  await db
    .insert(credentials)
    .values({ workspaceId: input.workspaceId, provider: input.provider, ...values, createdAt: input.now })
    .onConflictDoUpdate({ target: [credentials.workspaceId, credentials.provider], set: values });
  credentialChanged({ workspaceId: input.workspaceId, provider: input.provider });
}

/** Decrypts the workspace's credential for `provider`; null when none is stored. */
export async function loadCredential<P extends CredentialProvider>(
  db: Db,
  keyring: VaultKeyring,
  workspaceId: string,
  provider: P,
): Promise<StoredCredential<P> | null> {
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.workspaceId, workspaceId), eq(credentials.provider, provider)))
    .limit(1);
  if (!row) return null;
  const plaintext = decryptSecret(keyring, row, { workspaceId, provider });
  const secret = SECRET_SCHEMAS[provider].parse(JSON.parse(plaintext)) as SecretOf<P>;
  return {
    provider,
    secret,
    publicInfo: row.publicInfo,
    status: row.status as CredentialStatus,
    lastError: row.lastError,
    verifiedAt: row.verifiedAt,
    updatedAt: row.updatedAt,
  };
}

/** Non-secret view of every stored credential of a workspace (no decryption: fast). */
export async function listCredentialSummaries(db: Db, workspaceId: string): Promise<CredentialSummary[]> {
  const rows = await db
    .select({
      provider: credentials.provider,
      status: credentials.status,
      publicInfo: credentials.publicInfo,
      lastError: credentials.lastError,
      verifiedAt: credentials.verifiedAt,
      updatedAt: credentials.updatedAt,
    })
    .from(credentials)
    .where(eq(credentials.workspaceId, workspaceId));
  return rows.map((row) => ({
    ...row,
    provider: row.provider as CredentialProvider,
    status: row.status as CredentialStatus,
  }));
}

/** Records the outcome of a later connection test without touching the secret. */
export async function updateCredentialVerification(
  db: Db,
  args: {
    workspaceId: string;
    provider: CredentialProvider;
    status: CredentialStatus;
    lastError: string | null;
    verifiedAt: Date | null;
    publicInfo?: PublicInfo;
    now: Date;
  },
): Promise<void> {
  await db
    .update(credentials)
    .set({
      status: args.status,
      lastError: args.lastError,
      verifiedAt: args.verifiedAt,
      updatedAt: args.now,
      ...(args.publicInfo ? { publicInfo: args.publicInfo } : {}),
    })
    .where(and(eq(credentials.workspaceId, args.workspaceId), eq(credentials.provider, args.provider)));
  credentialChanged({ workspaceId: args.workspaceId, provider: args.provider });
}

export async function deleteCredential(
  db: Db,
  workspaceId: string,
  provider: CredentialProvider,
): Promise<boolean> {
  const deleted = await db
    .delete(credentials)
    .where(and(eq(credentials.workspaceId, workspaceId), eq(credentials.provider, provider)))
    .returning({ id: credentials.id });
  credentialChanged({ workspaceId, provider });
  return deleted.length > 0;
}

/**
 * Re-encrypts every record (all workspaces) under `newKey`; old records are read with `keyring`.
 * Run it inside a transaction (`rotateVaultKey`). Returns the number of records rewritten.
 */
export async function reencryptAllCredentials(
  tx: Db,
  keyring: VaultKeyring,
  newKey: VaultKey,
): Promise<number> {
  const target: VaultKeyring = { current: newKey, byId: new Map([[newKey.id, newKey]]) };
  const rows = await tx.select().from(credentials).for('update');
  for (const row of rows) {
    const context = { workspaceId: row.workspaceId, provider: row.provider };
    const plaintext = decryptSecret(keyring, row as EncryptedSecret, context);
    const encrypted = encryptSecret(target, plaintext, context);
    await tx
      .update(credentials)
      .set({ ...encrypted, updatedAt: sql`${credentials.updatedAt}` })
      .where(eq(credentials.id, row.id));
  }
  return rows.length;
}
